import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { buttonPermission, storedFields } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/request';
import { editedField } from '../engine/openapi';
import { checkReferences, findRecord, relationRows, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { column, table } from '../engine/sql';
import { validateRecord } from '../engine/validate';
import { notFound, validationError, type FieldProblem } from '../errors';
import { editDocument } from './document-edit';
import { schemaProblems } from '../contract/validator';
import { audit, nextDocumentNo } from './documents';
import { resolveSkus, splitShape, type LineInput, type ResolvedLine } from './lines';
import { documentRenamed, LINES, readRenamed } from './renamed-fields';
import { arrayOf, idParams, int, obj, recordWith, routeSchemas, type Json } from '../contract/route-schemas';

export interface DocumentKind {
  resource: 'inbounds' | 'outbounds' | 'returns';
  lines: 'inboundLines' | 'outboundLines' | 'returnLines';
  foreignKey: 'inboundId' | 'outboundId' | 'returnId';
  prefix: 'IN' | 'OUT' | 'RMA';
  /**
   * What a line holds besides its SKU and pieces: an inbound's and an outbound's pallets (the
   * default), a return's reason. The header sums each of them that it has a field of.
   */
  lineFields?: readonly LineField[];
  /** The field of the document's number; `orderNo` unless named. */
  numberField?: string;
  /**
   * What a schema cannot say of the header beyond its references, checked once they hold (a
   * return's outbound and order, of its organization, each filling in the other): its problems.
   */
  checkHeader?: (tx: Queryable, header: Rec, viewer: Viewer) => Promise<FieldProblem[]>;
}

type LineField = 'pallets' | 'reason';

const lineFieldsOf = (kind: DocumentKind) => kind.lineFields ?? ['pallets'];

/** Only inbounds and outbounds were published with their lines as `products` too. */
const keepsOldName = (kind: DocumentKind) => kind.resource !== 'returns';

/** The header fields a client may write: the schema's, less read-only ones. */
function headerOf(kind: DocumentKind, body: Rec): Rec {
  const r = resourceByName(kind.resource)!;
  return Object.fromEntries(
    Object.entries(body).filter(([f]) => f !== LINES.name && f !== 'version' && !r.schema.properties[f]?.readOnly),
  );
}

/**
 * The document's problems in one 40001: the body's by its documented schema (`shape`, from the
 * compiler), then what a schema cannot say: the header as it will be stored (the caller's
 * organization, the stored fields of an edit, the defaults) must still be a whole record, its
 * references and each line's SKU records the caller may see, of the document's organization.
 */
async function checkedDocument(
  tx: Queryable,
  kind: DocumentKind,
  header: Rec,
  lines: unknown,
  viewer: Viewer,
  ownOrganization: number | null,
  linesSentAs: string,
  shape: FieldProblem[],
) {
  const r = resourceByName(kind.resource)!;
  if (header.organizationId === undefined && ownOrganization) header.organizationId = ownOrganization;
  const split = splitShape<LineInput>(lines, shape, linesSentAs);
  const problems = [...split.header];
  // The merged header: a required field an edit clears, or an organization nobody named.
  if (!problems.length) problems.push(...validateRecord(r.schema, header));
  if (!problems.length) problems.push(...(await checkReferences(tx, r, header, viewer)));
  if (!problems.length && kind.checkHeader) problems.push(...(await kind.checkHeader(tx, header, viewer)));
  const resolved = problems.length
    ? { lines: [], problems: split.lines }
    : await resolveSkus(tx, split.fine, header.organizationId as number, viewer, linesSentAs, split.lines);
  if (problems.length || resolved.problems.length) throw validationError([...problems, ...resolved.problems]);
  return resolved.lines;
}

export async function writeLines(tx: Queryable, kind: DocumentKind, id: number, lines: ResolvedLine[]) {
  const own = lineFieldsOf(kind);
  const columns = ['sku_id', 'product_id', 'pieces', ...own.map(column)];
  await tx.query(`DELETE FROM ${table(resourceByName(kind.lines)!)} WHERE ${column(kind.foreignKey)} = $1`, [id]);
  await tx.query(
    `INSERT INTO ${table(resourceByName(kind.lines)!)} (${column(kind.foreignKey)}, ${columns.join(', ')})
     SELECT $1, ${columns.map((c) => `x.${c}`).join(', ')}
       FROM unnest(${columns.map((_, i) => `$${i + 2}::int[]`).join(', ')}) WITH ORDINALITY AS x(${columns.join(', ')}, n) ORDER BY x.n`,
    [
      id,
      lines.map((l) => l.skuId),
      lines.map((l) => l.productId),
      lines.map((l) => l.pieces),
      ...own.map((f) => lines.map((l) => l[f] ?? null)),
    ],
  );
  // The header's totals: its pieces, and its pallets where its lines have them.
  const sums = (['pieces', 'pallets'] as const).filter((f) => f === 'pieces' || own.includes(f));
  const total = (key: 'pieces' | 'pallets') => lines.reduce((sum, l) => sum + (l[key] ?? 0), 0);
  await tx.query(`UPDATE ${kind.resource} SET ${sums.map((f, i) => `${f} = $${i + 2}`).join(', ')} WHERE id = $1`, [
    id,
    ...sums.map(total),
  ]);
}

/** The document with its lines as `writeLines` stored them, read as its `lines` relation lists them. */
const readBack = async (tx: Queryable, kind: DocumentKind, id: number) => {
  const all: Viewer = { userId: 0, all: true };
  const r = resourceByName(kind.resource)!;
  const doc = (await findRecord(tx, r, id, all))!;
  const own = lineFieldsOf(kind);
  const lines = (await relationRows(tx, r, LINES.name, id, all)).map((line) => ({
    id: line.id,
    skuId: line.skuId,
    productId: line.productId,
    pieces: line.pieces,
    ...Object.fromEntries(own.map((f) => [f, line[f]])),
  }));
  return { ...doc, lines, ...(keepsOldName(kind) && { [LINES.old]: lines }) };
};

/** Inserts a checked document in state 0 with a new number and its lines; returns its id. */
export async function insertDocument(
  tx: Queryable,
  kind: DocumentKind,
  header: Rec,
  lines: ResolvedLine[],
  userId: number,
) {
  const r = resourceByName(kind.resource)!;
  const names = storedFields(r).filter((f) => !r.schema.properties[f].readOnly && header[f] !== undefined);
  const orderNo = await nextDocumentNo(tx, kind.prefix, header.warehouseId as number);
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO ${table(r)} (${[...names.map(column), column(kind.numberField ?? 'orderNo'), 'status', 'created_by'].join(', ')})
     VALUES (${[...names, 1, 2, 3].map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    [...names.map((f) => header[f]), orderNo, 0, userId],
  );
  await writeLines(tx, kind, id, lines);
  await audit(tx, { userId, entity: kind.resource, entityId: id, action: 'create', after: { status: 0 } });
  return id;
}

export const readDocument = (tx: Queryable, kind: DocumentKind, id: number) => readBack(tx, kind, id);

/** What `readDocument` answers: the record and its lines, each line as `writeLines` stored it. */
const documentAnswer = (kind: DocumentKind): Json => {
  const own = lineFieldsOf(kind);
  const lineFields = resourceByName(kind.lines)!.schema.properties;
  const line = obj(
    {
      id: int(),
      skuId: int(),
      productId: int("The SKU's product, copied when the line was written."),
      pieces: int(),
      ...Object.fromEntries(own.map((f) => [f, f === 'pallets' ? int() : { ...lineFields[f] }])),
    },
    ['id', 'skuId', 'productId', 'pieces', ...own],
  );
  const lines = arrayOf(line, 'The lines, in the order they were sent.');
  if (!keepsOldName(kind)) return recordWith(kind.resource, 'WithLines', { lines });
  // The component keeps its published name: generated clients name their type after it.
  return recordWith(kind.resource, 'WithProducts', {
    lines,
    [LINES.old]: {
      ...lines,
      deprecated: true,
      description: 'Deprecated: the same lines as `lines`, under their old name.',
    },
  });
};

/**
 * What a client may send of a document: its writable header fields, and its lines (skuId, pieces,
 * pallets, with the line schema's limits). The compiler checks a body by it; the handler adds only
 * what a schema cannot say (checkedDocument).
 */
const closed = (body: Json): Json => ({ ...body, additionalProperties: false });

const documentInput = (kind: DocumentKind, creating: boolean): Json => {
  const r = resourceByName(kind.resource)!;
  const lineFields = resourceByName(kind.lines)!.schema.properties;
  const header = Object.fromEntries(Object.entries(r.schema.properties).filter(([, s]) => !s.readOnly && !s.writeOnly));
  const own = lineFieldsOf(kind);
  const line = obj(
    {
      skuId: { ...lineFields.skuId, description: "A SKU of the document's organization that the caller may see." },
      pieces: { ...lineFields.pieces },
      ...Object.fromEntries(own.map((f) => [f, { ...lineFields[f] }])),
    },
    ['skuId', 'pieces', ...own.filter((f) => resourceByName(kind.lines)!.schema.required?.includes(f))],
  );
  const lines = {
    ...arrayOf(
      { ...line, additionalProperties: false },
      creating
        ? 'The lines; none makes an empty document.'
        : 'Replaces every line when sent; left out, the lines stay.',
    ),
    maxItems: 2000,
  };
  // What headerOf leaves out is accepted and ignored: a client may send back what it read.
  const ignored = [...Object.keys(r.schema.properties).filter((f) => r.schema.properties[f].readOnly), 'version'];
  const fields = creating ? header : Object.fromEntries(Object.entries(header).map(([f, s]) => [f, editedField(s)]));
  const properties = {
    ...Object.fromEntries(ignored.map((f) => [f, { description: 'Ignored: the server sets it.' }])),
    ...fields,
    organizationId: {
      ...fields.organizationId,
      description: creating
        ? "Defaults to the caller's organization; staff of no organization must name one."
        : 'The customer the document belongs to.',
    },
    ...(keepsOldName(kind) ? documentRenamed(LINES, lines) : { [LINES.name]: lines }),
  };
  if (!creating)
    return closed(
      obj(
        { ...properties, version: int('The version the change starts from; a newer stored one answers 40901.') },
        ['version'],
        'Fields left out keep their value; null clears an optional one. Unknown fields answer 40001.',
      ),
    );
  // organizationId has a fallback and the rest their defaults: only what has neither is required.
  const required = (r.schema.required ?? []).filter((f) => f !== 'organizationId' && header[f]?.default === undefined);
  return closed(obj(properties, required, 'Read-only fields are ignored; unknown fields answer 40001.'));
};

/**
 * The plan half of a stock workflow: create a document with its product lines in state 0 (with a
 * new document number), and edit it while it is a draft or withdrawn. Lines are replaced whole.
 */
export function planRoutes(app: FastifyInstance, kind: DocumentKind) {
  const r = resourceByName(kind.resource)!;
  const headerColumns = storedFields(r).filter((f) => !r.schema.properties[f].readOnly);

  const noun = `${/^[aeiou]/.test(r.name) ? 'an' : 'a'} ${r.name.slice(0, -1)}`;
  const answer = documentAnswer(kind);
  const create = routeSchemas({
    summary: `Create ${noun} with its lines`,
    description: `A new ${r.name.slice(0, -1)} in state 0 (draft) with the next ${kind.prefix}- number of the day.`,
    body: documentInput(kind, true),
    answer,
  });
  const edit = routeSchemas({
    summary: `Edit ${noun} and its lines`,
    description:
      'Only while it may be edited (a draft; an inbound or outbound withdrawn too; another state answers 40901), from the version the client read.',
    params: idParams,
    body: documentInput(kind, false),
    answer,
  });
  const plan = routeSchemas({
    summary: `${noun[0].toUpperCase()}${noun.slice(1)} with its lines`,
    description: "The form's view of the document: its header and its product lines.",
    params: idParams,
    answer,
  });

  app.post(
    r.api,
    { config: { permission: buttonPermission(r, 'create') }, ...create },
    async (request: FastifyRequest) => {
      const viewer = await requestViewer(app, request);
      const { body, sent } = readRenamed((request.body ?? {}) as Rec, LINES);
      return app.db.transaction(async (tx) => {
        const header = headerOf(kind, body);
        const lines = await checkedDocument(
          tx,
          kind,
          header,
          body.lines,
          viewer,
          request.user!.organizationId,
          sent,
          schemaProblems(request),
        );
        return readBack(tx, kind, await insertDocument(tx, kind, header, lines, request.user!.id));
      });
    },
  );

  app.put<{ Params: { id: string } }>(
    `${r.api}/:id`,
    { config: { permission: buttonPermission(r, 'edit') }, ...edit },
    (request) =>
      editDocument(app, request, r, async (tx, { id, current, body, sent, shape, viewer }) => {
        const kept = Object.fromEntries(headerColumns.filter((f) => current[f] !== null).map((f) => [f, current[f]]));
        const header = { ...kept, ...headerOf(kind, body) };
        for (const [f, v] of Object.entries(header)) if (v === null) delete header[f];
        const lines = await checkedDocument(tx, kind, header, body.lines, viewer, null, sent, shape);
        await tx.query(
          `UPDATE ${table(r)} SET ${headerColumns.map((f, i) => `${column(f)} = $${i + 2}`).join(', ')}, version = version + 1, updated_at = now() WHERE id = $1`,
          [id, ...headerColumns.map((f) => header[f] ?? null)],
        );
        if (body.lines !== undefined) await writeLines(tx, kind, id, lines);
        return readBack(tx, kind, id);
      }),
  );

  app.get<{ Params: { id: string } }>(
    `${r.api}/:id/plan`,
    { config: { permission: r.permission }, ...plan },
    async (request) => {
      const id = recordId(request.params.id);
      if (!(await findRecord(app.db, r, id, await requestViewer(app, request)))) throw notFound();
      return readBack(app.db, kind, id);
    },
  );
}
