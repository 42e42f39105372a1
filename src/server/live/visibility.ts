import { resourceByName } from '../../../resources/index';
import type { PolicyStore } from '../access/policy-store';
import type { Queryable } from '../db/types';
import { isScoped, type Viewer } from '../engine/scope';
import { table } from '../engine/sql';
import type { OutboxEvent } from '../outbox/bus';

/** The outbox's entity of an applied customization (customize/routes.ts). */
export const CUSTOMIZATIONS = 'customizations';

/**
 * Which committed events one viewer may hear of: exactly those whose record the viewer could list.
 * The viewer's list right on the event's resource (its page object, as the engine's list route
 * asks), the tenant scope (the event's organization among the viewer's; an event of no
 * organization only on a resource that has none), and for customers the resource's
 * customerWhere, decided on the record as it is now (a draft bill is nobody's news but staff's).
 */
export interface Audience {
  roles: string[];
  viewer: Viewer;
}

/** One decision per distinct audience and batch: two hundred shippers of one organization cost one. */
export const audienceKey = ({ roles, viewer }: Audience) =>
  `${[...roles].sort().join(',')}|${viewer.all ? '*' : `${viewer.customer ? 'c' : 's'}${[...viewer.organizationIds].sort((a, b) => a - b).join(',')}`}`;

/**
 * The records of a batch customers may see, per resource with a customerWhere: one query per such
 * resource, whatever the number of streams. A record gone since (deleted) is no customer's to see.
 */
export async function customerVisible(q: Queryable, events: OutboxEvent[]): Promise<Map<string, Set<string>>> {
  const byResource = new Map<string, Set<string>>();
  for (const event of events) {
    const r = resourceByName(event.resource);
    if (!r?.customerWhere || event.recordId === null || !/^\d{1,9}$/.test(event.recordId)) continue;
    let ids = byResource.get(r.name);
    if (!ids) byResource.set(r.name, (ids = new Set()));
    ids.add(event.recordId);
  }
  const visible = new Map<string, Set<string>>();
  for (const [name, ids] of byResource) {
    const r = resourceByName(name)!;
    const rows = await q.query<{ id: string }>(
      `SELECT t.id::text AS id FROM ${table(r)} t WHERE t.id = ANY($1::int[]) AND (${r.customerWhere})`,
      [[...ids].map(Number)],
    );
    visible.set(name, new Set(rows.map((row) => row.id)));
  }
  return visible;
}

/** The events of a batch this audience may hear of, in order. */
export async function visibleTo(
  policy: Pick<PolicyStore, 'allows'>,
  audience: Audience,
  events: OutboxEvent[],
  forCustomers: Map<string, Set<string>>,
): Promise<OutboxEvent[]> {
  const { viewer, roles } = audience;
  const readable = new Map<string, boolean>();
  const mayList = async (name: string) => {
    let known = readable.get(name);
    if (known === undefined) {
      const r = resourceByName(name);
      // Every screen's shape follows the customizations (GET /system/customizations is anyone's to read).
      known = r ? r.read === 'any' || (await policy.allows(roles, r.permission)) : name === CUSTOMIZATIONS;
      readable.set(name, known);
    }
    return known;
  };
  const organizations = viewer.all ? undefined : new Set(viewer.organizationIds);
  const seen: OutboxEvent[] = [];
  for (const event of events) {
    if (!(await mayList(event.resource))) continue;
    if (organizations && event.resource !== CUSTOMIZATIONS) {
      if (
        event.organizationId === null
          ? isScoped(resourceByName(event.resource)!)
          : !organizations.has(event.organizationId)
      )
        continue;
      const narrowed = forCustomers.get(event.resource);
      if (
        !viewer.all &&
        viewer.customer &&
        resourceByName(event.resource)!.customerWhere &&
        !narrowed?.has(event.recordId ?? '')
      )
        continue;
    }
    seen.push(event);
  }
  return seen;
}
