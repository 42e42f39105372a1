import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImportSheetSpec } from '../../domain/import-sheets';
import type { ResourceDef } from '../../domain/resource';
import { bool, idParams, int, obj, routeSchemas } from '../contract/route-schemas';
import type { Queryable } from '../db/types';
import { requestViewer } from '../engine/request';
import type { Viewer } from '../engine/scope';
import { auditImport } from './audit';
import type { ImportProblem } from './check';
import { fileBody, IMPORT_LIMITS_TEXT, multipartForm, refusal, uploaded } from './http';
import { markedRoute } from './marked-route';
import { previewOf, previewSchema, type Outcome } from './preview';
import { readSheets, readUpload, type ReadSheet } from './read';

type Counts = Record<string, number>;

/** What checking a file found: its problems, what the import does, and how to do it. */
interface ImportChecked {
  problems: ImportProblem[];
  created: Counts;
  updated: Counts;
  unchanged: Counts;
  outcome(sheet: ReadSheet, row: number): Outcome;
  write(): Promise<void>;
}

/** What a one-sheet check plans: how many rows it creates, changes and leaves, and each row's outcome. */
interface SheetCounts {
  created: number;
  updated: number;
  unchanged: number;
  outcomes: ReadonlyMap<number, Outcome>;
}

/** ImportChecked of a file of one sheet, whose counts are its resource's. */
export const oneSheetChecked = (
  name: string,
  problems: ImportProblem[],
  plan: SheetCounts,
  write: () => Promise<void>,
): ImportChecked => ({
  problems,
  created: { [name]: plan.created },
  updated: { [name]: plan.updated },
  unchanged: { [name]: plan.unchanged },
  outcome: (_, row) => plan.outcomes.get(row) ?? 'unchanged',
  write,
});

/** The routes of a one-sheet import (into a record, or drafting records), as its declaration chooses them. */
export type OneSheetImportRoutes = (
  app: FastifyInstance,
  r: ResourceDef,
  spec: ImportSheetSpec,
  config: { config: { permission: string } },
) => void;

interface ImportCheck {
  tx: Queryable;
  request: FastifyRequest<{ Params: { id?: string } }>;
  viewer: Viewer;
  /** The record the rows go into (`<api>/:id/import`). */
  id?: number;
  sheets: ReadSheet[];
  /** Whether the rows will be written: a dry run or a marked copy needs no lock. */
  writing: boolean;
}

/**
 * `POST <path>` (check, with ?dryRun=true only that, else write in the same transaction) and
 * `POST <path>/marked` (the file back with its problems marked), for every kind of import: each
 * says only how its file is checked and written. `lock` names what two imports may not write at
 * once (two files naming the same new key would both create it); a dry run takes no lock.
 */
export function importRoute(
  app: FastifyInstance,
  options: {
    path: string;
    config: { config: { permission: string } };
    specs: ImportSheetSpec[];
    summary: string;
    /** What the import does with the rows; the answer to a file with problems is said here. */
    description: string;
    answers: { created: string; updated: string; unchanged: string };
    /** The record the rows go into, for `<api>/:id/import`; the audit row names it. */
    recordId?: (request: FastifyRequest<{ Params: { id?: string } }>) => number;
    lock?: string;
    /** The audit row's entity. */
    entity: string;
    check(context: ImportCheck): Promise<ImportChecked>;
  },
) {
  const { path, config, specs, recordId, check } = options;
  const names = specs.map((s) => s.def.name);
  const counts = (description: string) =>
    obj(Object.fromEntries(names.map((name) => [name, int()])), names, description);
  const checked = async (context: ImportCheck) => {
    if (context.writing && options.lock)
      await context.tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`import:${options.lock}`]);
    return check(context);
  };

  app.post<{ Params: { id?: string }; Querystring: { dryRun?: string } }>(
    path,
    {
      ...config,
      ...multipartForm(
        routeSchemas({
          summary: options.summary,
          description: `${options.description} Any problem answers 40001 with data.errors [{ sheet, row, column, message }] and writes nothing. ${IMPORT_LIMITS_TEXT}`,
          ...(recordId && { params: idParams }),
          querystring: obj({ dryRun: { ...bool('Check and count only; nothing is written.'), default: false } }),
          body: fileBody,
          answer: obj(
            {
              created: counts(options.answers.created),
              updated: counts(options.answers.updated),
              unchanged: counts(options.answers.unchanged),
              preview: previewSchema,
            },
            ['created', 'updated', 'unchanged', 'preview'],
          ),
        }),
      ),
    },
    async (request) => {
      const id = recordId?.(request);
      const file = await uploaded(request);
      const sheets = await readUpload(file.content, specs);
      const viewer = await requestViewer(app, request);
      const writing = !['true', '1'].includes(String(request.query.dryRun));
      return app.db.transaction(async (tx) => {
        const found = await checked({ tx, request, viewer, id, sheets, writing });
        if (found.problems.length) throw refusal(request, found.problems);
        const answer = {
          created: { ...zero(names), ...found.created },
          updated: { ...zero(names), ...found.updated },
          unchanged: { ...zero(names), ...found.unchanged },
        };
        const preview = previewOf(sheets, found.outcome, request.t);
        if (!writing) return { ...answer, preview };
        await found.write();
        await auditImport(tx, app.files, {
          entity: options.entity,
          entityId: id ?? null,
          viewer,
          file,
          counts: answer,
        });
        return { ...answer, preview };
      });
    },
  );

  markedRoute(
    app,
    `${path}/marked`,
    config,
    async (request, book) => {
      const id = recordId?.(request);
      const sheets = readSheets(book, specs);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(
        async (tx) => (await checked({ tx, request, viewer, id, sheets, writing: false })).problems,
      );
    },
    Boolean(recordId),
  );
}

const zero = (names: string[]) => Object.fromEntries(names.map((name) => [name, 0]));
