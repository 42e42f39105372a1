import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/returnLines.json';
import { resource } from './names';
import { documentRows } from './stock-documents';

/** Lines of a return: what was asked to come back and, once received, what became of it. */
export const returnLines = resource(documentRows('returnLines', schema as EntitySchema, 'skuId', 'return'));
