import type { ResourceDef } from './resource';

/**
 * The names events carry in the outbox and on webhooks (issue 26, pinned): a record created,
 * changed or removed is `<resource>.created|updated|deleted`; a workflow action is the record's
 * singular and what happened to it, as a customer's system reads it (`order.shipped`,
 * `inbound.confirmed`). A delivery's signing is `delivery.signed`, the moment customers wait for:
 * the name subscribers have received since the action was still called `complete` (an override
 * then, what the rule gives now that the action is `sign`), kept so no subscription misses it.
 */

const CRUD: Record<string, string> = {
  create: 'created',
  generate: 'created',
  edit: 'updated',
  delete: 'deleted',
};

const SINGULAR: Record<string, string> = {
  inbounds: 'inbound',
  outbounds: 'outbound',
  orders: 'order',
  deliveries: 'delivery',
  bills: 'bill',
  billRuns: 'billRun',
  shipments: 'shipment',
  expenses: 'expense',
};

const PARTICIPLE: Record<string, string> = {
  submit: 'submitted',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
  ship: 'shipped',
  pay: 'paid',
  copy: 'copied',
  resend: 'resent',
  rotateSecret: 'secretRotated',
  // A proof of delivery attached to an outbound or delivery.
  pod: 'proofAttached',
  // A shipment turned into its inbound.
  inbound: 'received',
};

const singular = (resource: string) =>
  SINGULAR[resource] ?? (resource.endsWith('ies') ? `${resource.slice(0, -3)}y` : resource.replace(/s$/, ''));

const participle = (action: string) => PARTICIPLE[action] ?? (action.endsWith('e') ? `${action}d` : `${action}ed`);

/** The event type of an audited action on a record of `resource`. */
export function eventType(resource: string, action: string): string {
  const crud = CRUD[action];
  if (crud) return `${resource}.${crud}`;
  return `${singular(resource)}.${participle(action)}`;
}

/**
 * The events the declarations say happen, as a webhook's form suggests them: every kind's
 * wildcard (`order.*`) and everything (`*`) first, then each record created, updated or deleted
 * through the engine and each workflow action, events without a button included. A route of its
 * own may audit more (a secret rotated), which the form takes typed in.
 */
export function eventCatalogue(resources: ResourceDef[]): string[] {
  const named = resources.flatMap((r) => [
    ...r.actions.flatMap((action) => (CRUD[action] ? [eventType(r.name, action)] : [])),
    ...Object.keys(r.workflow?.machine?.actions ?? {}).map((action) => eventType(r.name, action)),
  ]);
  const kinds = [...new Set(named.map((type) => `${type.split('.')[0]}.*`))].sort();
  return ['*', ...kinds, ...[...new Set(named)].sort()];
}
