import { eventName, eventType } from './event-types';
import type { ResourceDef } from './resource';

/** One event webhooks send: its name, and the name it was first published under when that differs. */
export interface WebhookEvent {
  name: string;
  deprecatedName?: string;
  resource: string;
  action: string;
}

/**
 * Events audited by routes of their own rather than by a declaration (the mall's checkout, a bill
 * run, an endpoint's own upkeep, a key revoked): a subscription to one of them must be accepted and
 * the contract must list it. A route that audits a new action adds it here.
 */
const ROUTE_EVENTS: [resource: string, action: string][] = [
  ['orders', 'checkout'],
  ['billRuns', 'create'],
  ['webhooks', 'rotateSecret'],
  ['webhooks', 'resend'],
  ['webhooks', 'replay'],
  ['apiKeys', 'revoke'],
  ['inbounds', 'scan'],
  ['outbounds', 'scan'],
  // A return's goods scanned as they come back (issue 42): return.scanned.
  ['returns', 'scan'],
  // A count's scans and typed pieces (issue 42): count.scanned, count.counted.
  ['counts', 'scan'],
  ['counts', 'count'],
];

const CRUD_ACTIONS = new Set(['create', 'edit', 'delete']);

/** Every event webhooks send, by name, from the declarations (engine writes and workflow actions) and the routes above. */
export function webhookEvents(resources: ResourceDef[]): WebhookEvent[] {
  const pairs = [
    ...resources.flatMap((r) => [
      ...r.actions.filter((action) => CRUD_ACTIONS.has(action)).map((action) => [r.name, action] as const),
      ...Object.keys(r.workflow?.machine?.actions ?? {}).map((action) => [r.name, action] as const),
    ]),
    ...ROUTE_EVENTS,
  ];
  const byName = new Map<string, WebhookEvent>();
  const happened = (resource: string, action: string) =>
    resources.find((r) => r.name === resource)?.workflow?.machine?.actions[action]?.event;
  for (const [resource, action] of pairs) {
    const name = eventName(resource, action, happened(resource, action));
    const old = eventType(resource, action, happened(resource, action));
    if (!byName.has(name)) byName.set(name, { name, ...(old !== name && { deprecatedName: old }), resource, action });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The wildcard of an event's kind: `order.shipped` -> `order.*`. */
export const kindOf = (name: string) => `${name.split('.')[0]}.*`;

/**
 * What a webhook's form suggests: everything (`*`) and every kind's wildcard (`order.*`) first,
 * then each event, by the names of today (a deprecated one is still accepted when typed in).
 */
export function eventCatalogue(resources: ResourceDef[]): string[] {
  const names = webhookEvents(resources).map((e) => e.name);
  return ['*', ...[...new Set(names.map(kindOf))].sort(), ...names];
}

/**
 * The words of an endpoint's event list that name nothing webhooks send: not `*`, not an event
 * or its kind, by today's name or the deprecated one. A typo would otherwise never be called.
 */
export function unknownEvents(words: string[], resources: ResourceDef[]): string[] {
  const known = new Set(['*']);
  for (const event of webhookEvents(resources))
    for (const name of [event.name, event.deprecatedName ?? event.name]) known.add(name).add(kindOf(name));
  return words.filter((word) => !known.has(word));
}
