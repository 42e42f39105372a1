import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEditable, type ResourceDef } from '../../domain/resource';
import { schemaProblems } from '../contract/validator';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/request';
import { findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { conflict, notFound, validationError, type FieldProblem } from '../errors';
import { LINES, readRenamed } from './renamed-fields';

/** What a hand-written document edit writes from: the stored record and the body as sent. */
export interface DocumentEdit {
  id: number;
  current: Rec;
  body: Rec;
  /** The name the client sent the lines under, for the problems inside them. */
  sent: string;
  /** The body's problems by its documented schema, reported with the document's own. */
  shape: FieldProblem[];
  viewer: Viewer;
}

/**
 * An edit of an order, an inbound or an outbound, refused as each of them is: a body without a
 * version before the record is read (nothing to compare the stored one with), then a record out of
 * the viewer's scope (404), of another version or in a state that is not edited (40901). `write`
 * makes the edit in the same transaction and answers.
 */
export async function editDocument<T>(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: string } }>,
  r: ResourceDef,
  write: (tx: Queryable, edit: DocumentEdit) => Promise<T>,
): Promise<T> {
  const id = recordId(request.params.id);
  const viewer = await requestViewer(app, request);
  const { body, sent } = readRenamed((request.body ?? {}) as Rec, LINES);
  const shape = schemaProblems(request);
  if (shape.some((p) => p.field === 'version')) throw validationError(shape);
  return app.db.transaction(async (tx) => {
    const current = await findRecord(tx, r, id, viewer, true);
    if (!current) throw notFound();
    if (current.version !== body.version) throw conflict('errors.staleVersion');
    if (!isEditable(r, current)) throw conflict('errors.notEditable');
    return write(tx, { id, current, body, sent, shape, viewer });
  });
}
