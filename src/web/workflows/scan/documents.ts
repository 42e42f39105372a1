import { http } from '../../providers/http';

export type DocumentKind = 'inbounds' | 'outbounds';

export interface AwaitingDocument {
  id: number;
  orderNo: string;
  organizationId: number;
  warehouseId: number;
  pieces: number;
  pallets: number;
}

type Page = {
  rows: AwaitingDocument[];
  labels?: { organizationId?: Record<string, { organizationName?: string }> };
};

/** Inbounds or outbounds waiting for the warehouse (state 3), newest first, with their customers' names. */
export async function awaitingDocuments(kind: DocumentKind, only: { orderNo?: string; id_in?: number } = {}) {
  const page = await http.get<Page>(`/inventory/${kind}`, {
    query: { status: 3, pageSize: 100, sort: '-id', ...only },
    silent: true,
  });
  return page.rows.map((row) => ({
    ...row,
    customer: page.labels?.organizationId?.[row.organizationId]?.organizationName ?? '',
  }));
}

export type Awaiting = Awaited<ReturnType<typeof awaitingDocuments>>[number];
