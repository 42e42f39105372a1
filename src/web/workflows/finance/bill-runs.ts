import type { BillRunCounts, BillRunResult } from '../../../domain/finance/bill-run';
import { BillRunStatus } from '../../../domain/finance/bill-run';
import { http } from '../../providers/http';

/** A month-end bill run as GET /finance/billRuns answers it (the page follows a run without its customers). */
export interface BillRun {
  id: number;
  warehouseId: number;
  warehouseName: string | null;
  periodFrom: string;
  periodTo: string;
  status: number;
  total: number;
  done: number;
  counts: BillRunCounts;
  error: string | null;
  createdByName: string | null;
  createdAt: string;
}

export interface BillRunResultRow {
  organizationId: number;
  organizationName: string | null;
  result: BillRunResult;
  billId: number | null;
  billNo: string | null;
  reason: string | null;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export const fetchBillRun = (id: number) =>
  http.get<BillRun>(`/finance/billRuns/${id}`, { query: { withResults: 'false' }, silent: true });

export const fetchBillRuns = (pageIndex: number, pageSize: number) =>
  http.get<Page<BillRun>>('/finance/billRuns', { query: { pageIndex, pageSize }, silent: true });

export const fetchBillRunResults = (id: number, pageIndex: number, pageSize: number, result?: BillRunResult) =>
  http.get<Page<BillRunResultRow>>(`/finance/billRuns/${id}/results`, {
    query: { pageIndex, pageSize, result },
    silent: true,
  });

/** How often a screen reads a running run again; nothing once it has ended. */
export const POLL_MS = 1000;

export const isRunning = (run: Pick<BillRun, 'status'> | undefined) => run?.status === BillRunStatus.running;
