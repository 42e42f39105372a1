import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/buyers.json';
import { resource } from './names';
import { partnerBook } from './partner-books';

export const buyers = resource(partnerBook('buyers', schema as EntitySchema));
