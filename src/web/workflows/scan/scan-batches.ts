import type { LoggedScan } from './scan-log-types';

/** The server takes up to this many scans in one request. */
export const BATCH_MAX = 500;

/**
 * The next request to send: the scans of the oldest waiting scan's document, in the order they
 * were scanned, up to `max`. The order matters within a document (a scan past the expected pieces
 * is flagged in the order the server takes them); documents are sent one after the other.
 */
export function nextBatch(waiting: readonly LoggedScan[], max = BATCH_MAX): LoggedScan[] {
  const first = waiting[0];
  if (!first) return [];
  return waiting
    .filter((scan) => scan.document === first.document && scan.documentId === first.documentId)
    .slice(0, max);
}

/** What the server is sent of a scan: what the device knows of it besides its own bookkeeping. */
export const sentScan = ({ id, code, pieces, at }: LoggedScan) => ({ id, code, pieces, at });
