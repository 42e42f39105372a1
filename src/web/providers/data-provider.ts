import type { AxiosInstance } from 'axios';
import type { BaseRecord, CrudFilters, CrudSorting, DataProvider, GetListResponse, MetaQuery } from '@refinedev/core';
import simpleRest, { generateFilter } from '@refinedev/simple-rest';
import { resourceByName } from '../../../resources';
import { API_BASE, request, type Method } from './http';

/**
 * Refine's data provider over our API. Built on @refinedev/simple-rest, whose single-record and
 * custom calls fit our routes once they go through our HTTP client; the list call is ours
 * (pageIndex/pageSize/sort/q/<field>/_gte/_lte and `{ rows, total }`, DESIGN 3).
 * `meta.silent` (no loading indicator) and `meta.query` (extra query parameters) pass through.
 */
export const LIST_MAX = 1000;

/** Resource name -> API path below /api/1.0, from resources/index.ts. */
export const apiPathOf = (resource: string) => (resourceByName(resource)?.api ?? `/${resource}`).replace(/^\//, '');

/** simple-rest expects an axios instance; this adapter gives it our client, bound to one call's meta. */
const adapter = (meta?: MetaQuery): AxiosInstance => {
  const silent = Boolean(meta?.silent);
  const call = (method: Method) => async (url: string, bodyOrConfig?: unknown, config?: { headers?: Record<string, string> }) => {
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const cfg = (hasBody ? config : bodyOrConfig) as { headers?: Record<string, string>; data?: unknown } | undefined;
    const data = await request(url, { method, body: hasBody ? bodyOrConfig : cfg?.data, headers: cfg?.headers, silent });
    return { data, headers: {} };
  };
  return { get: call('GET'), delete: call('DELETE'), post: call('POST'), put: call('PUT'), patch: call('PATCH') } as unknown as AxiosInstance;
};

const base = (meta?: MetaQuery) => simpleRest(API_BASE, adapter(meta));

export const toSortParam = (sorters?: CrudSorting) =>
  sorters?.length ? sorters.map((s) => `${s.order === 'desc' ? '-' : ''}${s.field}`).join(',') : undefined;

/**
 * eq -> field, gte -> field_gte, lte -> field_lte, `q` stays `q` (simple-rest's own mapping);
 * `in` -> field_in=a,b,c, which simple-rest does not know.
 */
export const toFilterParams = (filters?: CrudFilters) => {
  const usable = (filters ?? []).filter((f) => 'field' in f && f.value !== undefined && f.value !== null && f.value !== '');
  const lists = usable.filter((f) => f.operator === 'in');
  const out = generateFilter(usable.filter((f) => f.operator !== 'in')) as Record<string, unknown>;
  for (const f of lists) if ('field' in f) out[`${f.field}_in`] = ([] as unknown[]).concat(f.value).join(',');
  return out;
};

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const { currentPage = 1, pageSize = 20, mode = 'server' } = pagination ?? {};
    const paged = mode === 'server';
    // `meta.path` reads a sub-list (`/organizations/7/contacts`) with the child resource's contract.
    const path = typeof meta?.path === 'string' ? meta.path : `/${apiPathOf(resource)}`;
    const data = await request<{ rows: BaseRecord[]; total: number; labels?: Record<string, unknown> }>(path, {
      silent: Boolean(meta?.silent),
      query: {
        pageIndex: paged ? currentPage : 1,
        pageSize: paged ? Math.min(pageSize, LIST_MAX) : LIST_MAX,
        sort: toSortParam(sorters),
        ...toFilterParams(filters),
        ...(meta?.query as Record<string, unknown> | undefined),
      },
    });
    // `labels`: the names of the records the rows point at (server/engine/ref-labels.ts).
    // `totalEstimated`: above 10,000 rows the server estimates (engine/totals.ts); lists say "about".
    return { data: data.rows, total: data.total, totalEstimated: (data as { totalEstimated?: boolean }).totalEstimated, labels: data.labels } as unknown as GetListResponse<never>;
  },

  /** One `id_in=` list call for all the ids (lookup labels), silent unless asked otherwise. */
  getMany: async ({ resource, ids, meta }) => {
    const unique = [...new Set(ids.map(String))];
    if (!unique.length) return { data: [] };
    const data = await request<{ rows: BaseRecord[] }>(`/${apiPathOf(resource)}`, {
      silent: meta?.silent !== false,
      query: { pageIndex: 1, pageSize: LIST_MAX, id_in: unique.slice(0, LIST_MAX).join(',') },
    });
    return { data: data.rows as never[] };
  },

  getOne: (p) => base(p.meta).getOne({ ...p, resource: apiPathOf(p.resource) }),
  create: (p) => base(p.meta).create({ ...p, resource: apiPathOf(p.resource) }),
  update: (p) => base(p.meta).update({ ...p, resource: apiPathOf(p.resource), meta: { ...p.meta, method: 'put' } }),
  deleteOne: (p) => base(p.meta).deleteOne({ ...p, resource: apiPathOf(p.resource) }),
  /** Workflow actions and other endpoints: same client, our list parameters. */
  custom: async ({ url, method, filters, sorters, query, payload, headers, meta }) => {
    const data = await request(url, {
      method: method.toUpperCase() as Method,
      body: payload,
      headers: headers as Record<string, string> | undefined,
      silent: Boolean(meta?.silent),
      query: { sort: toSortParam(sorters), ...toFilterParams(filters), ...(query as Record<string, unknown> | undefined) },
    });
    return { data: data as never };
  },
};
