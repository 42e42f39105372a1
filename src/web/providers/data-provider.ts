import type {
  BaseKey,
  BaseRecord,
  CrudFilters,
  CrudOperators,
  CrudSorting,
  DataProvider,
  GetListResponse,
  MetaQuery,
} from '@refinedev/core';
import { resourceByName } from '../../../resources';
import { allPages, LIST_MAX } from './all-pages';
import { API_BASE, request, type Method, type RequestOptions } from './http';

/**
 * Refine's data provider over our API, through our HTTP client: lists with
 * pageIndex/pageSize/sort/q/<field>/_gte/_lte and `{ rows, total }` (DESIGN 3), records at
 * `/<resource>/<id>`. It keeps @refinedev/simple-rest's URLs and filter names but not the package,
 * which brought axios and query-string into the first load only to be handed our client.
 * `meta.silent` (no loading indicator) and `meta.query` (extra query parameters) pass through.
 */
export { LIST_MAX };

/** Resource name -> API path below /api/1.0, from resources/index.ts. */
export const apiPathOf = (resource: string) => (resourceByName(resource)?.api ?? `/${resource}`).replace(/^\//, '');

const recordPath = (resource: string, id: BaseKey) => `/${apiPathOf(resource)}/${id}`;

const record = async (path: string, meta: MetaQuery | undefined, options: RequestOptions = {}) => ({
  data: (await request(path, {
    ...options,
    silent: Boolean(meta?.silent),
    headers: meta?.headers as Record<string, string> | undefined,
  })) as never,
});

export const toSortParam = (sorters?: CrudSorting) =>
  sorters?.length ? sorters.map((s) => `${s.order === 'desc' ? '-' : ''}${s.field}`).join(',') : undefined;

const SUFFIX: Partial<Record<CrudOperators, string>> = { ne: '_ne', gte: '_gte', lte: '_lte', contains: '_like' };

/**
 * eq -> field, ne/gte/lte -> field_ne/_gte/_lte, contains -> field_like, `q` stays `q` (simple-rest's
 * names); `in` -> field_in=a,b,c.
 */
export const toFilterParams = (filters?: CrudFilters) => {
  const out: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    if (!('field' in f) || f.value === undefined || f.value === null || f.value === '') continue;
    if (f.operator === 'in') out[`${f.field}_in`] = ([] as unknown[]).concat(f.value).join(',');
    else out[f.field === 'q' ? 'q' : `${f.field}${SUFFIX[f.operator] ?? ''}`] = f.value;
  }
  return out;
};

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const { currentPage = 1, pageSize = 20, mode = 'server' } = pagination ?? {};
    const paged = mode === 'server';
    // `meta.path` reads a sub-list (`/organizations/7/contacts`) with the child resource's contract.
    const path = typeof meta?.path === 'string' ? meta.path : `/${apiPathOf(resource)}`;
    const query = {
      sort: toSortParam(sorters),
      ...toFilterParams(filters),
      ...(meta?.query as Record<string, unknown> | undefined),
    };
    const silent = Boolean(meta?.silent);
    // Unpaged (a tree, the lookups of a record's names, a form's stock): every row, not the first page.
    if (!paged) {
      const { rows, labels } = await allPages<BaseRecord>(path, query, { silent });
      return { data: rows, total: rows.length, labels } as unknown as GetListResponse<never>;
    }
    const data = await request<{
      rows: BaseRecord[];
      total: number;
      labels?: Record<string, unknown>;
      sums?: unknown[];
    }>(path, {
      silent,
      query: { pageIndex: currentPage, pageSize: Math.min(pageSize, LIST_MAX), ...query },
    });
    // `labels`: the names of the records the rows point at (server/engine/ref-labels.ts).
    // `totalEstimated`: above 10,000 rows the server estimates (engine/totals.ts); lists say "about".
    // `sums` (asked with meta.query sums=1): the footer's totals over every row (engine/sums.ts).
    return {
      data: data.rows,
      total: data.total,
      totalEstimated: (data as { totalEstimated?: boolean }).totalEstimated,
      labels: data.labels,
      sums: data.sums,
    } as unknown as GetListResponse<never>;
  },

  /** `id_in=` list calls for all the ids (lookup labels), as many as the API's page holds each, silent unless asked otherwise. */
  getMany: async ({ resource, ids, meta }) => {
    const unique = [...new Set(ids.map(String))];
    const chunks = Array.from({ length: Math.ceil(unique.length / LIST_MAX) }, (_, i) =>
      unique.slice(i * LIST_MAX, (i + 1) * LIST_MAX),
    );
    const pages = await Promise.all(
      chunks.map((chunk) =>
        request<{ rows: BaseRecord[] }>(`/${apiPathOf(resource)}`, {
          silent: meta?.silent !== false,
          query: { pageIndex: 1, pageSize: LIST_MAX, id_in: chunk.join(',') },
        }),
      ),
    );
    return { data: pages.flatMap((p) => p.rows) as never[] };
  },

  getOne: ({ resource, id, meta }) => record(recordPath(resource, id), meta),
  create: ({ resource, variables, meta }) =>
    record(`/${apiPathOf(resource)}`, meta, { method: 'POST', body: variables }),
  update: ({ resource, id, variables, meta }) =>
    record(recordPath(resource, id), meta, { method: 'PUT', body: variables }),
  deleteOne: ({ resource, id, variables, meta }) =>
    record(recordPath(resource, id), meta, { method: 'DELETE', body: variables }),
  /** Workflow actions and other endpoints: same client, our list parameters. */
  custom: async ({ url, method, filters, sorters, query, payload, headers, meta }) => {
    const data = await request(url, {
      method: method.toUpperCase() as Method,
      body: payload,
      headers: headers as Record<string, string> | undefined,
      silent: Boolean(meta?.silent),
      query: {
        sort: toSortParam(sorters),
        ...toFilterParams(filters),
        ...(query as Record<string, unknown> | undefined),
      },
    });
    return { data: data as never };
  },
};
