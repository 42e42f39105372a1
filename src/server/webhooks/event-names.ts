import { resources } from '../../../resources/index';
import { webhookEvents } from '../../domain/webhook-events';

/**
 * The names an outbox event `o` is published under, for the queries that pair it with an endpoint
 * `w` (webhooks.events). The outbox keeps its own type (event-types.ts); where today's name differs,
 * that type is the deprecated name. The pairs are a literal of the statement: a few KB, fixed at start.
 */
const renamed = Object.fromEntries(
  webhookEvents(resources).flatMap((e) => (e.deprecatedName ? [[e.deprecatedName, e.name]] : [])),
);

/** Today's name of `o`. */
const NAME = `coalesce('${JSON.stringify(renamed)}'::jsonb ->> o.type, o.type)`;

const named = (name: string) => `(${name} = ANY(w.events) OR split_part(${name}, '.', 1) || '.*' = ANY(w.events))`;

/** Whether `w` wants `o`: by either of its names or their kinds (`order.*`), or as everything (`*`). */
export const WANTS_EVENT = `(${named(NAME)} OR ${named('o.type')} OR '*' = ANY(w.events))`;

/**
 * The name `w` hears `o` under: today's when it asks for it by that name or its kind; else the one
 * it has always been sent, so a subscription made before the rename, or to everything, sees no change.
 */
export const HEARD_AS = `CASE WHEN ${named(NAME)} THEN ${NAME} ELSE o.type END`;
