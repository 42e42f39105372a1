export interface BusyOrganization {
  id: number;
  /** Its stocked SKUs, each with a warehouse holding it. */
  stock: { skuId: number; warehouseId: number }[];
  products: number[];
  orders: number[];
}

export interface BusyUser {
  url: string;
  token: string;
  role: 'admin' | 'editor' | 'shipper';
  /** What the user sees: its own organization, the ones it manages, or (an admin) every one. */
  organizations: BusyOrganization[];
}

/** What a run saw: per kind of request the latencies; errors by kind and what came back; conflicts by kind. */
export class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly conflicts = new Map<string, number>();

  took(kind: string, ms: number) {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }

  failed(kind: string, what: string) {
    count(this.errors, `${kind}: ${what}`);
  }

  raced(kind: string) {
    count(this.conflicts, kind);
  }

  get requests() {
    return [...this.latencies.values()].reduce((sum, l) => sum + l.length, 0);
  }

  /** The p-th percentile of the latencies of `kinds` (of every kind when none is named), in ms. */
  percentile(p: number, kinds = [...this.latencies.keys()]) {
    const sorted = kinds.flatMap((kind) => this.latencies.get(kind) ?? []).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  }
}

const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

export const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

const CONFLICT = 40901;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const today = () => new Date().toISOString().slice(0, 10);

/** How users pace themselves; the busy day's users give none: each request right after the last. */
export interface Pacing {
  /** A pause before each request, as a person reading the last answer takes (ms). */
  pause?: () => number;
  /**
   * Each user sends back the latest X-Read-After it received, as the web app does: an instance or
   * replica behind that position answers from the primary.
   */
  readAfter?: boolean;
}

/**
 * One user's session as a sequence of calls: each answer must be the envelope with 20000, or a
 * 40901 where `conflictMeans` says two users may race (counted apart); anything else is an error.
 * A pause that reaches `until` ends the session's calls (answered as nothing).
 */
function session(user: BusyUser, tally: Tally, until: number, pacing: Pacing) {
  let position: string | undefined;
  return async (kind: string, method: string, path: string, body?: unknown, conflictMeans = false) => {
    if (pacing.pause) {
      const pause = Math.min(pacing.pause(), until - performance.now());
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (performance.now() >= until) return undefined;
    }
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${user.url}/api/1.0${path}`, {
        method,
        headers: {
          authorization: user.token,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(position ? { 'x-read-after': position } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = response.status;
      if (pacing.readAfter) position = response.headers.get('x-read-after') ?? position;
      text = await response.text();
    } catch (error) {
      tally.failed(kind, `no answer (${(error as Error).message})`);
      return undefined;
    }
    tally.took(kind, performance.now() - t0);
    let answer: { code?: unknown; message?: unknown; data?: any };
    try {
      answer = JSON.parse(text);
    } catch {
      tally.failed(kind, `${status}, not JSON`);
      return undefined;
    }
    if (typeof answer?.code !== 'number' || typeof answer.message !== 'string') {
      tally.failed(kind, `${status}, outside the envelope`);
      return undefined;
    }
    if (status === 200 && answer.code === 20000) return answer.data;
    if (conflictMeans && status === 409 && answer.code === CONFLICT) {
      tally.raced(kind);
      return undefined;
    }
    tally.failed(
      kind,
      `${status} ${answer.code} ${String(answer.message).slice(0, 120)} (${method} ${path.split('?')[0]})`,
    );
    return undefined;
  };
}

type Call = ReturnType<typeof session>;

interface ListDef {
  path: string;
  filters: string[];
  sorts: string[];
}

const STAFF_LISTS: ListDef[] = [
  {
    path: '/products',
    filters: ['chargeUnit=2', 'hazardousClass=0', 'warehouseStatus=6'],
    sorts: ['-id', 'id', 'shortName'],
  },
  { path: '/orders', filters: ['status=21', 'status=3', 'deliveryType=1'], sorts: ['-id', '-createdAt', '-amount'] },
  { path: '/inventory/inbounds', filters: ['status=6', 'status=3', 'inboundType=1'], sorts: ['-id', '-inboundDate'] },
  { path: '/inventory/outbounds', filters: ['status=3', 'status=6'], sorts: ['-id', '-requestDate'] },
  {
    path: '/inventory/products',
    filters: ['warehouseId=1', 'warehouseId=4'],
    sorts: ['organizationId,warehouseId,skuId', '-pieces'],
  },
  { path: '/inventory/changeLogs', filters: ['changeType=1', 'changeType=2'], sorts: ['-id', '-createdAt'] },
  { path: '/products/skus', filters: ['currency=1', 'priceType=2'], sorts: ['-id', 'title'] },
  { path: '/organizations', filters: [], sorts: ['-id', 'organizationName'] },
];
const CUSTOMER_LISTS: ListDef[] = [
  ...STAFF_LISTS.filter((l) => l.path !== '/organizations'),
  { path: '/orders/products', filters: ['warehouseId=1', 'warehouseId=2'], sorts: ['-id', 'title'] },
];

async function list(call: Call, lists: ListDef[]) {
  const def = pick(lists);
  const filter = def.filters.length && Math.random() < 0.5 ? `&${pick(def.filters)}` : '';
  await call('list', 'GET', `${def.path}?pageIndex=${between(1, 20)}&pageSize=20&sort=${pick(def.sorts)}${filter}`);
}

async function record(call: Call, organization: BusyOrganization) {
  const choice = Math.random();
  if (choice < 0.5 && organization.products.length)
    await call('record', 'GET', `/products/${pick(organization.products)}`);
  else if (choice < 0.8 && organization.orders.length)
    await call('record', 'GET', `/orders/${pick(organization.orders)}`);
  else await call('record', 'GET', `/products/skus/${pick(organization.stock).skuId}`);
}

async function search(call: Call) {
  const choice = Math.random();
  if (choice < 0.5) await call('search', 'GET', `/products?pageSize=20&q=P${between(10, 9999)}`);
  else if (choice < 0.8)
    await call('search', 'GET', `/orders?pageSize=20&q=SO2026${String(between(1, 12)).padStart(2, '0')}`);
  else await call('search', 'GET', `/products/skus?pageSize=20&q=${between(100, 999)}`);
}

/**
 * A fresh inbound or outbound of the organization's stock, submitted: the supply of confirms. An
 * outbound's submit reserves, so two users short of the same stock may race for it (40901).
 */
async function draft(call: Call, organization: BusyOrganization, kind: 'inbounds' | 'outbounds') {
  const { skuId, warehouseId } = pick(organization.stock);
  const header =
    kind === 'inbounds'
      ? { inboundType: 1, products: [{ skuId, pieces: between(50, 500), pallets: between(1, 3) }] }
      : { outboundType: 1, requestDate: today(), products: [{ skuId, pieces: between(1, 5) }] };
  const one = kind.slice(0, -1);
  const made = await call(`${one} create`, 'POST', `/inventory/${kind}`, {
    organizationId: organization.id,
    warehouseId,
    ...header,
  });
  if (made)
    await call(`${one} submit`, 'POST', `/inventory/${kind}/${made.id}/submit`, undefined, kind === 'outbounds');
}

/** One of the documents awaiting the warehouse the user sees, confirmed; another user may get there first. */
async function confirm(call: Call, kind: 'inbounds' | 'outbounds') {
  const awaiting = await call('list', 'GET', `/inventory/${kind}?status=3&pageSize=20&pageIndex=${between(1, 3)}`);
  if (!awaiting?.rows.length) return;
  const { id } = pick(awaiting.rows as { id: number }[]);
  await call(`${kind.slice(0, -1)} confirm`, 'POST', `/inventory/${kind}/${id}/confirm`, {}, true);
}

async function approve(call: Call) {
  const awaiting = await call('list', 'GET', `/orders?status=3&pageSize=20&pageIndex=${between(1, 3)}`);
  if (!awaiting?.rows.length) return;
  const { id } = pick(awaiting.rows as { id: number }[]);
  await call('order approve', 'POST', `/orders/${id}/approve`, {}, true);
}

/** What a staff member's edit does: read the product, save it back with one field changed. */
async function editProduct(call: Call, organization: BusyOrganization) {
  const id = pick(organization.products);
  const product = await call('record', 'GET', `/products/${id}`);
  if (product) await call('product edit', 'PUT', `/products/${id}`, { ...product, nameEn: `Edited ${Date.now()}` });
}

/** A line or two of one warehouse into the cart, then checked out for pickup. */
async function checkout(call: Call, organization: BusyOrganization) {
  const { warehouseId } = pick(organization.stock);
  const here = organization.stock.filter((s) => s.warehouseId === warehouseId);
  for (let i = between(1, 2); i > 0; i--)
    await call('cart add', 'POST', '/orders/cart', { skuId: pick(here).skuId, warehouseId, quantity: between(1, 3) });
  await call('checkout', 'POST', '/orders/cart/checkout', { warehouseId, deliveryType: 1 });
}

async function staffReport(call: Call, organization: BusyOrganization) {
  const path = pick([
    '/statistics/dashboard',
    '/statistics/counts',
    `/statistics/inventory?organizationId=${organization.id}`,
    `/statistics/inventory?warehouseId=${pick(organization.stock).warehouseId}`,
  ]);
  await call(path.startsWith('/statistics/inventory') ? 'report' : 'dashboard', 'GET', path);
}

async function customerReport(call: Call) {
  const path = pick(['/statistics/cargo', '/statistics/cargo/dashboard', '/statistics/inventory']);
  await call(path.startsWith('/statistics/inventory') ? 'report' : 'dashboard', 'GET', path);
}

type Step = [weight: number, run: (call: Call, organization: BusyOrganization) => Promise<unknown>];

const STAFF: Step[] = [
  [30, (call) => list(call, STAFF_LISTS)],
  [18, record],
  [12, search],
  [7, (call) => confirm(call, 'inbounds')],
  [7, (call) => confirm(call, 'outbounds')],
  [4, (call, organization) => draft(call, organization, 'inbounds')],
  [4, (call, organization) => draft(call, organization, 'outbounds')],
  [5, approve],
  [3, editProduct],
  [10, staffReport],
];
const CUSTOMER: Step[] = [
  [30, (call) => list(call, CUSTOMER_LISTS)],
  [20, record],
  [13, search],
  [12, checkout],
  [7, (call, organization) => draft(call, organization, 'inbounds')],
  [7, (call, organization) => draft(call, organization, 'outbounds')],
  [11, customerReport],
];

const choose = (steps: Step[]) => {
  let at = Math.random() * steps.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, run] of steps) if ((at -= weight) < 0) return run;
  return steps[0][1];
};

/**
 * Every user loops over its role's mix, one request at a time (each after a pause, when `pacing`
 * gives one), until `seconds` have passed.
 */
export async function busyTraffic(users: BusyUser[], seconds: number, pacing: Pacing = {}) {
  const tally = new Tally();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      const call = session(user, tally, until, pacing);
      const steps = user.role === 'shipper' ? CUSTOMER : STAFF;
      while (performance.now() < until) await choose(steps)(call, pick(user.organizations));
    }),
  );
  return tally;
}
