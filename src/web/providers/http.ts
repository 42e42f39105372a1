import { isSuccessCode, LOGGED_OUT_CODES, type Envelope, type FieldError } from '../../domain/codes';
import i18n from './i18n';
import { feedback, ERROR_SECONDS } from './feedback';
import { idempotencyKey } from './idempotency-keys';
import { loadingStore } from './loading';
import { getToken, removeToken } from './token';

/**
 * The one HTTP client (SPEC 7, STYLE: one request chokepoint). It adds the language and token
 * headers (and an Idempotency-Key to every POST), times out after 10 s, unwraps the `{ code, message, data }` envelope and owns the
 * error toast and the logged-out box, so pages only see `data` or a rejected ApiError.
 */
export const API_BASE = '/api/1.0';
export const TIMEOUT_MS = 10_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Background lookup: do not show the global loading indicator. */
  silent?: boolean;
  /** false: the caller reports errors itself (no toast, no logged-out box). Default true. */
  notify?: boolean;
  timeout?: number;
  /**
   * A POST that only reads (getInfo): sent without an Idempotency-Key, whose repeat within seconds
   * would be answered the first answer, not what holds now.
   */
  reads?: boolean;
}

/** A rejected call. Shaped as Refine's HttpError (message, statusCode, errors by field). */
export class ApiError extends Error {
  statusCode: number;
  code: number;
  data: unknown;
  errors?: Record<string, string[]>;
  constructor(message: string, statusCode: number, code: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.data = data;
    const list = (data as { errors?: FieldError[] } | undefined)?.errors;
    if (Array.isArray(list)) {
      this.errors = {};
      for (const e of list) (this.errors[e.field] ??= []).push(e.message);
    }
  }
}

export const buildQuery = (query?: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

const apiUrl = (url: string) =>
  /^(https?:)?\/\//.test(url) || url.startsWith(API_BASE) ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;

let loggedOutBoxOpen = false;
const showLoggedOutBox = () => {
  if (loggedOutBoxOpen) return;
  loggedOutBoxOpen = true;
  feedback.modal.confirm({
    title: i18n.t('http.loggedOutTitle'),
    content: i18n.t('http.loggedOut'),
    okText: i18n.t('http.reLogin'),
    cancelText: i18n.t('buttons.cancel'),
    onOk: () => {
      removeToken();
      window.location.reload();
    },
    afterClose: () => {
      loggedOutBoxOpen = false;
    },
  });
};

const report = (err: ApiError) => {
  void feedback.message.error(err.message || i18n.t('http.error'), ERROR_SECONDS);
  if (LOGGED_OUT_CODES.includes(err.code)) showLoggedOutBox();
};

/**
 * The database position the last write's answer carried (X-Read-After): sent with every request
 * after it, so whichever instance serves the next read shows what this user just saved (issue 38).
 */
let readAfter: string | undefined;

export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, silent = false, notify = true, timeout = TIMEOUT_MS } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'en',
    // The server's default report periods end on the viewer's today, not on UTC's.
    'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (readAfter) headers['X-Read-After'] = readAfter;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const once =
    method === 'POST' && !isForm && !options.reads ? idempotencyKey(url + buildQuery(query), body) : undefined;
  if (once) headers['Idempotency-Key'] = once.key;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  if (!silent) loadingStore.start();
  try {
    let res: Response;
    try {
      res = await fetch(apiUrl(url) + buildQuery(query), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      const key = controller.signal.aborted ? 'http.timeout' : 'http.networkError';
      const err = new ApiError(i18n.t(key), 0, 0);
      if (notify) void feedback.message.error(err.message, ERROR_SECONDS);
      throw err;
    }
    once?.answered();
    readAfter = res.headers.get('X-Read-After') ?? readAfter;
    const envelope = (await res.json().catch(() => undefined)) as Partial<Envelope> | undefined;
    if (envelope && typeof envelope.code === 'number' && isSuccessCode(envelope.code) && res.ok)
      return envelope.data as T;
    const err = new ApiError(
      envelope?.message || i18n.t('http.error'),
      res.status,
      envelope?.code ?? res.status * 100 + 1,
      envelope?.data,
    );
    if (notify) report(err);
    throw err;
  } finally {
    clearTimeout(timer);
    if (!silent) loadingStore.stop();
  }
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;
export const http = {
  get: <T>(url: string, opts?: Opts) => request<T>(url, { ...opts, method: 'GET' }),
  delete: <T>(url: string, opts?: Opts) => request<T>(url, { ...opts, method: 'DELETE' }),
  post: <T>(url: string, body?: unknown, opts?: Opts) => request<T>(url, { ...opts, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, opts?: Opts) => request<T>(url, { ...opts, method: 'PUT', body }),
  patch: <T>(url: string, body?: unknown, opts?: Opts) => request<T>(url, { ...opts, method: 'PATCH', body }),
};
