import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/outboundTakes.json';
import { resource } from './names';
import { documentRows } from './stock-documents';

/** Which lots an outbound took, first in first out, with their days in warehouse. */
export const outboundTakes = resource(documentRows('outboundTakes', schema as EntitySchema, 'lotId', 'outbound'));
