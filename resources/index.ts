import { referenceOrder } from '../src/domain/reference-order';
import { declared } from './declared';

/**
 * Every declared resource (resources/declared.ts lists each file here that declares one); the
 * server mounts CRUD for each, the web generates its pages. Tables need a resource after the ones
 * it references, so the order is derived from the references, never kept by hand.
 */
export const resources = referenceOrder(declared);

export const resourceByName = (name: string) => resources.find((r) => r.name === name);
