import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { buttonPermission, includeParam, SYSTEM_FIELDS, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { conflict, notFound, validationError } from '../errors';
import { mapDbError } from './db-errors';
import { parseListQuery } from './list-query';
import { column, fieldColumn, selectList, table } from './sql';
import { validateRecord } from './validate';

type Rec = Record<string, unknown>;
type IdParams = { Params: { id: string } };

const recordId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
};

/** Fields the client may write: the schema's, never id/version/timestamps. */
const writable = (body: unknown): Rec => {
  const copy = { ...((body && typeof body === 'object' ? body : {}) as Rec) };
  for (const field of SYSTEM_FIELDS) delete copy[field];
  return copy;
};

export async function findRecord(q: Queryable, r: ResourceDef, id: number, lock = false): Promise<Rec | undefined> {
  const rows = await q.query<Rec>(
    `SELECT ${selectList(r)} FROM ${table(r)} t WHERE t.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

export async function listRecords(q: Queryable, r: ResourceDef, query: Rec) {
  const includeKeys = Object.keys(r.includes ?? {});
  const list = parseListQuery(r, query, includeKeys.map(includeParam));
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${table(r)} ${list.where}`,
    list.params,
  );
  const rows = await q.query<Rec>(
    `SELECT ${selectList(r)} FROM ${table(r)} t ${list.where} ${list.orderBy} LIMIT ${list.limit} OFFSET ${list.offset}`,
    list.params,
  );
  for (const key of includeKeys)
    if (list.includes.includes(includeParam(key))) await embedChildren(q, r, key, rows);
  return { rows, total };
}

async function embedChildren(q: Queryable, r: ResourceDef, key: string, rows: Rec[]) {
  const spec = r.includes![key];
  const child = resourceByName(spec.resource)!;
  const params: unknown[] = [rows.map((row) => row.id)];
  const extra = Object.entries(spec.where ?? {}).map(([f, v]) => `${fieldColumn(f)} = $${params.push(v)}`);
  const children = await q.query<Rec>(
    `SELECT ${selectList(child)} FROM ${table(child)} t WHERE ${column(spec.foreignKey)} = ANY($1)
     ${extra.map((c) => `AND ${c}`).join(' ')} ORDER BY ${child.sort.split(',').map((s) => `${fieldColumn(s.replace(/^-/, ''))}${s.startsWith('-') ? ' DESC' : ''}`).join(', ')}, id`,
    params,
  );
  for (const row of rows) row[key] = children.filter((c) => c[spec.foreignKey] === row.id);
}

/** Generic CRUD routes of one resource, each checked against its policy object. */
export function crudRoutes(app: FastifyInstance, r: ResourceDef) {
  const readPermission = r.read === 'any' ? undefined : r.permission;
  const fields = Object.keys(r.schema.properties);

  app.get(r.api, { config: { permission: readPermission } }, (request: FastifyRequest) =>
    listRecords(app.db, r, request.query as Rec),
  );

  app.get<IdParams>(`${r.api}/:id`, { config: { permission: readPermission } }, async (request) => {
    const found = await findRecord(app.db, r, recordId(request.params.id));
    if (!found) throw notFound();
    return found;
  });

  if (r.actions.includes('create'))
    app.post(r.api, { config: { permission: buttonPermission(r, 'create') } }, async (request) => {
      const record = writable(request.body);
      const problems = validateRecord(r.schema, record);
      if (problems.length) throw validationError(problems);
      const names = fields.filter((f) => record[f] !== undefined);
      const values = names.map((f) => record[f]);
      try {
        const [{ id }] = await app.db.query<{ id: number }>(
          `INSERT INTO ${table(r)} (${[...names.map(column), 'created_by'].join(', ')})
           VALUES (${[...values, request.user!.id].map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
          [...values, request.user!.id],
        );
        return await findRecord(app.db, r, id);
      } catch (error) {
        mapDbError(r, error, 'write');
      }
    });

  if (r.actions.includes('edit'))
    app.put<IdParams>(`${r.api}/:id`, { config: { permission: buttonPermission(r, 'edit') } }, async (request) => {
      const id = recordId(request.params.id);
      const version = (request.body as Rec | undefined)?.version;
      if (!Number.isInteger(version)) throw validationError([{ field: 'version', key: 'validation.required' }]);
      try {
        return await app.db.transaction(async (tx) => {
          const current = await findRecord(tx, r, id, true);
          if (!current) throw notFound();
          if (current.version !== version) throw conflict('errors.staleVersion');
          const merged = { ...Object.fromEntries(fields.map((f) => [f, current[f] ?? undefined])), ...writable(request.body) };
          for (const f of fields) if (merged[f] === null || merged[f] === undefined) delete merged[f];
          const problems = validateRecord(r.schema, merged);
          if (problems.length) throw validationError(problems);
          const values = fields.map((f) => merged[f] ?? null);
          await tx.query(
            `UPDATE ${table(r)} SET ${fields.map((f, i) => `${column(f)} = $${i + 1}`).join(', ')},
               version = version + 1, updated_at = now() WHERE id = $${fields.length + 1}`,
            [...values, id],
          );
          return findRecord(tx, r, id);
        });
      } catch (error) {
        mapDbError(r, error, 'write');
      }
    });

  if (r.actions.includes('delete'))
    app.delete<IdParams>(`${r.api}/:id`, { config: { permission: buttonPermission(r, 'delete') } }, async (request) => {
      const id = recordId(request.params.id);
      try {
        const rows = await app.db.query(`DELETE FROM ${table(r)} WHERE id = $1 RETURNING id`, [id]);
        if (!rows.length) throw notFound();
        return { id };
      } catch (error) {
        mapDbError(r, error, 'delete');
      }
    });
}

