import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { viewerOf, type Viewer } from './scope';

/**
 * What every route reads of a request the same way, engine's and workflows' alike: kept apart from
 * the engine's routes so a workflow or an import can use them without importing the engine back.
 */

/** A record's id from the path; anything but a positive int4 is a record that does not exist (404). */
export const recordId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
};

/** Whose rows the caller may touch (engine/scope.ts). */
export const requestViewer = (app: FastifyInstance, request: FastifyRequest): Promise<Viewer> =>
  viewerOf(app.db, app.policy, request.user!);
