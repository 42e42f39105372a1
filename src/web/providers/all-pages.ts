import { request, type RequestOptions } from './http';

/** The API's largest page (server/engine/list-query.ts MAX_PAGE_SIZE). */
export const LIST_MAX = 1000;

export interface AllRows<R> {
  rows: R[];
  /** The names of the records the rows point at, merged over the pages (server/engine/ref-labels.ts). */
  labels: Record<string, Record<string, Record<string, unknown>>>;
}

type Page<R> = { rows: R[]; total: number; labels?: AllRows<R>['labels'] };

/**
 * Every row of a list, read in pages of the API's maximum: for what must be whole (a tree, a
 * document's lines, a printed count sheet) rather than the first page taken for all. It stops at
 * the first short page, not at `total`, which above 10,000 rows is only an estimate.
 */
export async function allPages<R>(
  path: string,
  query: Record<string, unknown>,
  options: Omit<RequestOptions, 'query' | 'method' | 'body'> = {},
): Promise<AllRows<R>> {
  const rows: R[] = [];
  const labels: AllRows<R>['labels'] = {};
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await request<Page<R>>(path, { ...options, query: { ...query, pageIndex, pageSize: LIST_MAX } });
    rows.push(...page.rows);
    for (const [field, names] of Object.entries(page.labels ?? {})) labels[field] = { ...labels[field], ...names };
    if (page.rows.length < LIST_MAX) return { rows, labels };
  }
}
