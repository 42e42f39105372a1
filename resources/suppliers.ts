import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/suppliers.json';
import { resource } from './names';
import { partnerBook } from './partner-books';

export const suppliers = resource(partnerBook('suppliers', schema as EntitySchema));
