import { CountStatus } from '../../../domain/count-flow';
import { ReturnStatus } from '../../../domain/return-flow';
import { DocStatus } from '../../../domain/stock-flow';
import { http } from '../../providers/http';

export type DocumentKind = 'inbounds' | 'outbounds' | 'returns' | 'counts';

interface ScanKind {
  /** The state it waits for the warehouse in: a return once approved (issue 42). */
  status: number;
  /** The field holding its number. */
  number: string;
  /** The action that books what was scanned, whose right scanning takes. */
  books: string;
  /** The screen's mode that works it, and the parameter of its address naming one. */
  mode: string;
  param: string;
  /** Keys of the words that ask for one, press its confirm and say it was confirmed. */
  words: { choose: string; confirm: string; done: string };
  /** What the chooser says of one beside its number: pieces and pallets, or a count's lots counted. */
  size: (row: Record<string, unknown>) => string;
}

const piecesAndPallets = (row: Record<string, unknown>) => `${row.pieces} / ${row.pallets}`;

/** Each kind of document the scan screen works. */
export const SCAN_KINDS: Record<DocumentKind, ScanKind> = {
  inbounds: {
    status: DocStatus.awaiting,
    number: 'orderNo',
    books: 'confirm',
    mode: 'receive',
    param: 'inbound',
    words: { choose: 'scan.chooseInbound', confirm: 'scan.confirmInbound', done: 'scan.received' },
    size: piecesAndPallets,
  },
  outbounds: {
    status: DocStatus.awaiting,
    number: 'orderNo',
    books: 'confirm',
    mode: 'pick',
    param: 'outbound',
    words: { choose: 'scan.chooseOutbound', confirm: 'scan.confirmOutbound', done: 'scan.shipped' },
    size: piecesAndPallets,
  },
  returns: {
    status: ReturnStatus.approved,
    number: 'returnNo',
    books: 'receive',
    mode: 'return',
    param: 'return',
    words: { choose: 'scan.chooseReturn', confirm: 'scan.confirmReturn', done: 'scan.returnReceived' },
    // Returned goods come back by the piece.
    size: (row) => String(row.pieces),
  },
  // A cycle count being counted (issue 42): its lots are counted blind, then it is submitted.
  counts: {
    status: CountStatus.counting,
    number: 'countNo',
    books: 'count',
    mode: 'count',
    param: 'count',
    words: { choose: 'scan.chooseCount', confirm: 'scan.submitCount', done: 'scan.countSubmitted' },
    size: (row) => `${row.countedLines} / ${row.lineCount}`,
  },
};

export interface AwaitingDocument {
  id: number;
  /** Its number, whatever its field (a return's returnNo). */
  orderNo: string;
  organizationId: number;
  warehouseId: number;
  /** What the chooser says of it beside its number. */
  size: string;
}

type Page = {
  rows: (AwaitingDocument & Record<string, unknown>)[];
  labels?: { organizationId?: Record<string, { organizationName?: string }> };
};

/** Documents of a kind waiting for the warehouse, newest first, with their customers' names. */
export async function awaitingDocuments(kind: DocumentKind, only: { orderNo?: string; id_in?: number } = {}) {
  const { status, number } = SCAN_KINDS[kind];
  const { orderNo, ...rest } = only;
  const page = await http.get<Page>(`/inventory/${kind}`, {
    query: { status, pageSize: 100, sort: '-id', ...rest, ...(orderNo !== undefined && { [number]: orderNo }) },
    silent: true,
  });
  return page.rows.map((row) => ({
    ...row,
    orderNo: String(row[number]),
    size: SCAN_KINDS[kind].size(row),
    customer: page.labels?.organizationId?.[row.organizationId]?.organizationName ?? '',
  }));
}

export type Awaiting = Awaited<ReturnType<typeof awaitingDocuments>>[number];
