/**
 * Every operation's `operationId` and `summary`, so a client generated from the document has
 * readable functions (`confirmInbound`, `listProducts`) instead of names spelled from paths. They
 * follow from the method and the path under the resource that owns it; the few hand-written
 * routes the rule would name badly are listed. A published id never changes: customers' code
 * calls it.
 */

export interface OperationName {
  operationId: string;
  summary: string;
}

/** Routes whose path says little of what they do (`METHOD path-under-/api/1.0`). */
const NAMED: Record<string, string> = {
  'POST /system/users/login': 'login',
  'POST /system/users/logout': 'logout',
  'POST /system/users/getInfo': 'getUserInfo',
  'POST /system/users/changePwd': 'changePassword',
  'POST /system/users/{id}/organizations': 'setUserOrganizations',
  'GET /system/roles/policy.csv': 'exportPolicy',
  'GET /system/roles/policy/drift': 'policyDrift',
  'GET /statistics/counts': 'getCounts',
  'GET /statistics/dashboard': 'getDashboard',
  'GET /statistics/cargo': 'getCargoStatistics',
  'GET /statistics/cargo/dashboard': 'getCargoDashboard',
  'GET /statistics/inventory': 'getInventoryReport',
  'GET /statistics/shipments': 'getShipmentReport',
  'GET /orders/cart': 'getCart',
  'POST /orders/cart': 'addToCart',
  'PUT /orders/cart/{id}': 'updateCartLine',
  'DELETE /orders/cart/{id}': 'removeCartLine',
  'POST /orders/cart/checkout': 'checkout',
  'GET /orders/categories': 'listMallCategories',
  'POST /inventory/inbounds/{id}/pod': 'saveInboundPod',
  'POST /inventory/outbounds/{id}/pod': 'saveOutboundPod',
  'POST /shipments/{id}/inbound': 'createShipmentInbound',
  'GET /products/categories/{id}/children': 'listProductCategoryChildren',
  'GET /organizations/{id}/inventory': 'listOrganizationInventory',
  // A month's charges as they form (issue 43): its lot-days, SKUs and expenses, and every customer's.
  'GET /finance/accruals': 'getAccruals',
  'GET /finance/accruals/lots': 'listAccrualLots',
  'GET /finance/accruals/skus': 'listAccrualSkus',
  'GET /finance/accruals/customers': 'listAccrualCustomers',
  'GET /finance/accruals/expenses': 'listAccrualExpenses',
  'POST /finance/bills/{id}/lines/{lineId}/dispute': 'disputeBillLine',
  // listBillLines, listOrderLines, listInboundLines, listOutboundLines and listOutboundTakes are the
  // resources of those names.
  'GET /finance/bills/{id}/lines': 'listLinesOfBill',
  'GET /orders/{id}/lines': 'listLinesOfOrder',
  'GET /inventory/inbounds/{id}/lines': 'listLinesOfInbound',
  'GET /inventory/outbounds/{id}/lines': 'listLinesOfOutbound',
  'GET /inventory/outbounds/{id}/takes': 'listTakesOfOutbound',
  // listReturnLines is the resource of that name (issue 42).
  'GET /inventory/returns/{id}/lines': 'listLinesOfReturn',
  // A count's lines (listCountLines is the resource of that name), its scans and a typed line (issue 42).
  'GET /inventory/counts/{id}/lines': 'listLinesOfCount',
  'POST /inventory/counts/{id}/scans': 'recordCountScans',
  'PATCH /inventory/counts/{id}/lines/{lineId}': 'setCountLine',
  'POST /oss/upload': 'uploadFile',
  'POST /oss/getFile': 'getFile',
  'GET /oss/files/{folder}/{month}/{name}': 'getFileByUrl',
  'POST /oss/sign': 'signFileUrls',
  // A key is revoked, never deleted: its row stays for the audit trail.
  'DELETE /system/apiKeys/{id}': 'revokeApiKey',
};

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** English plural to singular for our resource names (deliveries, addresses, taxes, products). */
export const singular = (word: string) => {
  if (/(goods|inventory)$/i.test(word)) return word;
  if (/ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
};

const isParam = (segment: string) => segment.startsWith('{');
const camel = (segment: string) => segment.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());

/** `confirmInbound` -> `Confirm inbound`. */
const sentence = (id: string) => cap(id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * `path` is under the API prefix, in the document's syntax (`/inventory/inbounds/{id}/confirm`);
 * `owner` is the declared resource whose API path holds it, if any.
 */
export function operationName(method: string, path: string, owner?: { name: string; api: string }): OperationName {
  const id = NAMED[`${method} ${path}`] ?? derived(method, path, owner);
  return { operationId: id, summary: sentence(id) };
}

function derived(method: string, path: string, owner?: { name: string; api: string }) {
  let name: string;
  let rest: string[];
  if (owner) {
    name = owner.name;
    rest = path.slice(owner.api.length).split('/').filter(Boolean);
  } else {
    // No declaration owns it: the last fixed segment before the first parameter names the thing.
    const segments = path.split('/').filter(Boolean);
    const firstParam = segments.findIndex(isParam);
    const at = firstParam === -1 ? segments.length - 1 : firstParam - 1;
    name = camel(segments[at]);
    rest = segments.slice(at + 1);
  }
  const many = cap(camel(name));
  const one = cap(singular(camel(name)));
  const [first, second] = rest;
  if (rest.length === 0)
    return method === 'GET' ? `list${many}` : method === 'POST' ? `create${one}` : verb(method) + many;
  if (rest.length === 1 && isParam(first))
    return { GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[method] + one;
  if (rest.length === 2 && isParam(first) && !isParam(second)) {
    const what = cap(camel(second));
    if (method === 'POST') return camel(second) + one;
    if (method === 'GET') return (/s$/.test(second) ? 'list' : 'get') + one + what;
    return verb(method) + one + what;
  }
  if (rest.length === 1 && method === 'POST') return camel(first) + many;
  return (
    verb(method) +
    many +
    rest
      .filter((s) => !isParam(s))
      .map((s) => cap(camel(s)))
      .join('')
  );
}

const verb = (method: string) =>
  ({ GET: 'get', POST: 'post', PUT: 'update', PATCH: 'update', DELETE: 'delete' })[method] ?? method.toLowerCase();
