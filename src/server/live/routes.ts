import fastifySse from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../domain/codes';
import { obj, routeSchemas, str, int } from '../contract/route-schemas';
import { AppError } from '../errors';
import { LiveHub, type StreamUser } from './hub';
import { LiveStream } from './stream';
import { issueTicket, takeTicket, TICKET_SECONDS } from './tickets';

/** Within this, a stream's changes to one resource leave as one message (a bill run: one refresh per list). */
const MERGE_MS = 250;
/** Keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 20_000;

const ticketSchemas = routeSchemas({
  summary: 'Ask for a live-updates ticket',
  description: `A single-use ticket, valid ${TICKET_SECONDS} s, that opens GET /live for the session asking: a browser's EventSource cannot send the Authorization header, and a token in a URL would reach logs.`,
  answer: obj(
    {
      ticket: str('Pass it as `ticket` to GET /live, once.'),
      expiresIn: int('Seconds it stays valid.'),
    },
    ['ticket', 'expiresIn'],
  ),
});

const streamSchema = {
  summary: 'Live updates (server-sent events)',
  description: [
    'One stream per browser tab of what changes among the records the caller may list: their own organizations only (a customer never hears of another organization, not even an id), resources their role may list.',
    'Events: `ready` (the stream stands at its id), `changes` (data: a list of `{ resource, type, seq, ids, more?, by }`, the changes to each resource merged within 250 ms; `more` when more records changed than `ids` names), `reset` (too far behind to replay: read everything again).',
    'Each event id is the outbox sequence up to which the caller has been told everything; reconnecting with `Last-Event-ID` replays what was missed.',
  ].join(' '),
  querystring: obj(
    {
      ticket: str('A ticket POST /live/ticket answered; taken by this call.'),
      lastEventId: str(
        'The last event id received, where the `Last-Event-ID` header cannot be sent (a new EventSource after a ticket is spent).',
      ),
    },
    ['ticket'],
  ),
  response: {
    200: { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    401: {
      description: 'An unknown, used or expired ticket, or its session has ended (50008).',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['code', 'message', 'data'],
            properties: {
              code: { type: 'integer', enum: [Code.invalidToken] },
              message: { type: 'string' },
              data: { type: 'null' },
            },
          },
        },
      },
    },
  },
};

const lastSeen = (header: string | null) => (header && /^\d{1,15}$/.test(header) ? Number(header) : undefined);

/**
 * Live screens (issue 26): POST /live/ticket with the session's token, then GET /live?ticket= as an
 * EventSource, fed by this instance's LiveHub.
 */
export async function liveRoutes(app: FastifyInstance) {
  await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });
  const hub = new LiveHub(app.db, app.policy, app.outbox);
  app.addHook('preClose', async () => hub.close());

  // An API key has no session to follow: live screens are for people signed in to the web app.
  app.post('/live/ticket', { ...ticketSchemas, config: { sessionOnly: true } }, async (request) =>
    issueTicket(app.db, request.user!.id, request.user!.jti),
  );

  app.get<{ Querystring: { ticket?: string; lastEventId?: string } }>(
    '/live',
    { schema: streamSchema, validatorCompiler: () => () => true, sse: 'only', config: { public: true } },
    async (request, reply) => {
      const session = await takeTicket(app.db, String(request.query.ticket ?? ''));
      if (!session) throw new AppError(401, Code.invalidToken, 'errors.liveTicket');
      const [user] = await app.db.query<StreamUser>(
        'SELECT id, roles, organization_id AS "organizationId" FROM users WHERE id = $1 AND status = 1',
        [session.userId],
      );
      if (!user) throw new AppError(401, Code.invalidToken, 'errors.liveTicket');
      reply.sse.keepAlive();
      const stream = new LiveStream(reply.sse, session, MERGE_MS);
      await hub.add(stream, user);
      const after = lastSeen(reply.sse.lastEventId ?? request.query.lastEventId ?? null);
      try {
        const missed = after === undefined ? { changes: [], reset: false } : await hub.missed(user, after);
        stream.open(missed.changes, Math.max(hub.settled, after ?? 0), missed.reset);
      } catch (error) {
        stream.end();
        throw error;
      }
    },
  );
}
