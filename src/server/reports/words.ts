import { int, str, type Json } from '../contract/route-schemas';
import { INT4_MAX } from '../engine/sql';

/** The words of the report schemas, beside the route-schema ones. */

/** An exact sum with two decimals, as text: a float would round large totals (DESIGN 6). */
export const decimal = (description?: string): Json => ({ ...str(description), pattern: '^-?\\d+\\.\\d{2}$' });

/** A record id as a filter; readParams refuses anything else. */
export const idFilter = (description: string): Json => ({ ...int(description), minimum: 1, maximum: INT4_MAX });
