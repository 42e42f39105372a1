/** A document's pieces of one SKU, as the server counts its scans (GET or POST …/scans). */
export interface ScanLine {
  skuId: number;
  skuTitle: string | null;
  barcode: string | null;
  expected: number;
  scanned: number;
  short: number;
  over: number;
}

/** Counted pieces of one lot: an outbound's picks, scanned by their lots' labels. */
export interface LotPieces {
  lotId: number;
  pieces: number;
}

/** One worker's share of a document's scans. */
export interface ScanUser {
  userId: number;
  userName: string | null;
  scans: number;
  /** Pieces of their scans that were counted. */
  scanned: number;
}

/** What the server counted of a document: per SKU, per lot where its scans name lots, and per worker. */
export interface ScanTotals {
  lines: ScanLine[];
  lots: LotPieces[];
  users: ScanUser[];
}
