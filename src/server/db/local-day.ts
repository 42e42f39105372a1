import type { Queryable } from './types';
import { siteSettings } from '../../domain/site-settings';

/**
 * SQL for the day it is (at the app's clock, `$now`) where a warehouse works: its documents'
 * numbers, default dates and days in warehouse follow its zone, not the server's or UTC.
 * `zone` is SQL naming the warehouse's zone, e.g. `w.time_zone`.
 */
export const dayIn = (zone: string) => `($now AT TIME ZONE ${zone})::date`;

/**
 * The zone of the warehouse whose id the SQL `warehouseId` names; the business's zone when there is
 * none (a warehouse row written before zones, straight into the table).
 */
export const warehouseZone = (warehouseId: string) =>
  `coalesce((SELECT zw.time_zone FROM warehouses zw WHERE zw.id = ${warehouseId}), '${siteSettings.timeZone.replace(/'/g, "''")}')`;

/** The day it is now at the warehouse the SQL `warehouseId` names. */
export const warehouseDay = (warehouseId: string) => dayIn(warehouseZone(warehouseId));

/** Today at a warehouse as YYYY-MM-DD: the date a confirm takes when it is given none. */
export async function warehouseToday(q: Queryable, warehouseId: number): Promise<string> {
  const [row] = await q.query<{ day: string }>(`SELECT to_char(${warehouseDay('$1::int')}, 'YYYY-MM-DD') AS day`, [
    warehouseId,
  ]);
  return row.day;
}
