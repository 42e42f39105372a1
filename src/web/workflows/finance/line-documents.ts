import { resourceByName } from '../../../../resources';
import { recordScreenPath } from '../../../domain/resource';
import type { BillLine } from './bill-lines';

/** The line's field naming the document its expense charged, and that document's resource. */
const DOCUMENT_FIELDS = [
  ['inboundId', 'inbounds'],
  ['outboundId', 'outbounds'],
  ['deliveryId', 'deliveries'],
] as const;

/** The detail screen of the document a charged line names (its expense's inbound, outbound or delivery), if any. */
export const lineDocumentPath = (line: BillLine) => {
  const [field, resource] = DOCUMENT_FIELDS.find(([f]) => line[f] != null) ?? [];
  return field && resource ? recordScreenPath(resourceByName(resource)!, 'show', line[field]!) : undefined;
};
