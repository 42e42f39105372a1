import type { ResourceDef } from '../src/domain/resource';
import { countries } from './countries';
import { ports } from './ports';

/** Every declared resource; the server mounts CRUD for each, the web generates its pages. */
export const resources: ResourceDef[] = [countries, ports];

export const resourceByName = (name: string) => resources.find((r) => r.name === name);
