import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { viewerOf, type Viewer } from './scope';
import { withheldRights } from './withheld';

/**
 * What every route reads of a request the same way, engine's and workflows' alike: kept apart from
 * the engine's routes so a workflow or an import can use them without importing the engine back.
 */

/** A record's id from the path; anything but a positive int4 is a record that does not exist (404). */
export const recordId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
};

/** Whose rows the caller may touch (engine/scope.ts), and which fields they may not read (engine/withheld.ts). */
export const requestViewer = async (app: FastifyInstance, request: FastifyRequest): Promise<Viewer> => {
  const [viewer, withheld] = await Promise.all([
    viewerOf(app.db, app.policy, request.user!),
    withheldRights(app.policy, request.user!),
  ]);
  return withheld ? { ...viewer, withheld } : viewer;
};
