import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/inboundLines.json';
import { resource } from './names';
import { documentRows } from './stock-documents';

/** Product lines of an inbound order, written by the inbound workflow. */
export const inboundLines = resource(documentRows('inboundLines', schema as EntitySchema, 'skuId', 'inbound'));
