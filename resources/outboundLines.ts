import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/outboundLines.json';
import { resource } from './names';
import { documentRows } from './stock-documents';

/** Product lines of an outbound order, written by the outbound workflow. */
export const outboundLines = resource(documentRows('outboundLines', schema as EntitySchema, 'skuId', 'outbound'));
