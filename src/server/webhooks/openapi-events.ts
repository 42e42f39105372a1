import { resources } from '../../../resources/index';
import { kindOf, webhookEvents, type WebhookEvent } from '../../domain/webhook-events';
import { sorted, withComponents } from '../contract/components';

type Json = Record<string, unknown>;

/** The body every event has: the Standard Webhooks shape (the dispatcher's bodyOf). */
const EVENT: Json = {
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  description:
    "An event: what happened to which record, not the record itself; read it through the API with the endpoint's organization's rights when you need it. An organization's endpoint hears only what that organization's cargo owners could list; a staff endpoint (no organization) hears every organization.",
  properties: {
    type: {
      type: 'string',
      description:
        "The event's name: today's, or the deprecated one where the endpoint subscribed by that (webhooks below).",
    },
    timestamp: { type: 'string', format: 'date-time', description: 'When the change was committed.' },
    data: {
      type: 'object',
      required: ['resource', 'organizationId', 'id', 'action'],
      properties: {
        resource: { type: 'string', description: 'The kind of record, as the API names it (`inbounds`).' },
        organizationId: {
          type: ['integer', 'null'],
          description: "The record's organization; null for staff data (a port, a warehouse).",
        },
        id: { type: 'integer', description: "The record's id: `GET <its path>/{id}` reads it." },
        action: {
          type: 'string',
          description:
            'What was done, as the audit trail names it: `create`, `edit`, `delete` or a workflow action (`confirm`).',
        },
        fromStatus: { type: 'integer', description: 'A status change: the status before it.' },
        status: { type: 'integer', description: "The record's status after the change, where it has one." },
      },
    },
  },
};

const header = (name: string, description: string): Json => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
  description,
});

/** Standard Webhooks' three headers (sign.ts), as parameter components; the standardwebhooks libraries verify them. */
const HEADERS: Record<string, Json> = {
  WebhookId: header(
    'webhook-id',
    "The event's id (`msg_<n>`): the same on every retry and for every endpoint, so a receiver drops a repeat by it.",
  ),
  WebhookTimestamp: header(
    'webhook-timestamp',
    'When this attempt was signed, in Unix seconds: refuse one far from your clock (the libraries allow 5 minutes).',
  ),
  WebhookSignature: header(
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the secret (the base64 after `whsec_`); for a day after a rotation, a second one by the old secret, space-separated.',
  ),
};

const CRUD: Record<string, string> = { create: 'created', edit: 'changed', delete: 'deleted' };

const happened = (e: WebhookEvent) =>
  CRUD[e.action]
    ? `A record of \`${e.resource}\` was ${CRUD[e.action]}.`
    : `The \`${e.action}\` action was taken on a record of \`${e.resource}\`.`;

/** Who still hears an event by the name it was first published under (event-names.ts's HEARD_AS). */
const deprecation = (e: WebhookEvent, old: string) => {
  const by = [`\`${old}\``, ...(kindOf(old) === kindOf(e.name) ? [] : [`\`${kindOf(old)}\``]), '`*`'];
  return `The name this event was first published under, still sent to an endpoint that subscribes by ${by.join(', ')} and not by \`${e.name}\` or \`${kindOf(e.name)}\`: subscribe to those instead.`;
};

const operationId = (name: string) =>
  `on${name.replace(/(^|\.)([a-z])/g, (_, __: string, c: string) => c.toUpperCase())}`;

/** What a receiver of `name` gets; the deprecated name of an event is the same event, spelled as first published. */
const operation = (e: WebhookEvent, name: string): Json => ({
  post: {
    operationId: operationId(name),
    summary: name === e.name ? name : `${name} (deprecated: ${e.name})`,
    description: name === e.name ? happened(e) : `${happened(e)} ${deprecation(e, name)}`,
    tags: ['webhooks'],
    ...(name !== e.name && { deprecated: true }),
    // Signed, not authenticated: the receiver checks webhook-signature.
    security: [],
    parameters: Object.keys(HEADERS).map((key) => ({ $ref: `#/components/parameters/${key}` })),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/WebhookEvent' },
              {
                type: 'object',
                required: ['type', 'data'],
                properties: {
                  type: { const: name },
                  data: { type: 'object', required: ['resource'], properties: { resource: { const: e.resource } } },
                },
              },
            ],
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Received: any 2xx answer ends the delivery. Another answer, or none in 15 s, is tried again.',
      },
      '410': { description: 'Gone: the endpoint is switched off and sent nothing more.' },
    },
  },
});

/**
 * The document with every event a webhook sends under OpenAPI 3.1 `webhooks`, today's names and the
 * deprecated ones, each with its payload, so a generated client types the events as it types the
 * answers.
 */
export function withWebhookEvents<T extends object>(doc: T): T {
  const webhooks = sorted(
    Object.fromEntries(
      webhookEvents(resources).flatMap((e) =>
        [e.name, ...(e.deprecatedName ? [e.deprecatedName] : [])].map((name) => [name, operation(e, name)]),
      ),
    ),
  );
  return withComponents({ ...doc, webhooks }, { schemas: { WebhookEvent: EVENT }, parameters: HEADERS });
}
