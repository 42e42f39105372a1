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

/** eq -> field, gte -> field_gte, lte -> field_lte, `q` stays `q` (simple-rest's own mapping). */
export const toFilterParams = (filters?: CrudFilters) => {
  const usable = (filters ?? []).filter((f) => 'field' in f && f.value !== undefined && f.value !== null && f.value !== '');
  return generateFilter(usable) as Record<string, unknown>;
};

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const { currentPage = 1, pageSize = 20, mode = 'server' } = pagination ?? {};
    const paged = mode === 'server';
    const data = await request<{ rows: BaseRecord[]; total: number }>(`/${apiPathOf(resource)}`, {
      silent: Boolean(meta?.silent),
      query: {
        pageIndex: paged ? currentPage : 1,
        pageSize: paged ? Math.min(pageSize, LIST_MAX) : LIST_MAX,
        sort: toSortParam(sorters),
        ...toFilterParams(filters),
        ...(meta?.query as Record<string, unknown> | undefined),
      },
    });
    return { data: data.rows, total: data.total } as GetListResponse<never>;
  },

  /** The contract has no "ids" list filter, so a few records are read one by one (cached by Refine). */
  getMany: async ({ resource, ids, meta }) => {
    const rows = await Promise.all(
      [...new Set(ids)].map((id) => request<BaseRecord>(`/${apiPathOf(resource)}/${encodeURIComponent(String(id))}`, { silent: meta?.silent !== false })),
    );
    return { data: rows as never[] };
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
