import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { importRight, importSheets } from '../../domain/import-def';
import { buttonPermission, type ResourceDef } from '../../domain/resource';
import { bool, int, obj, routeSchemas } from '../contract/route-schemas';
import { requestViewer } from '../engine/crud';
import { hooksByResource } from '../hooks/index';
import { checkImport, type SheetPlan } from './check';
import { importDraftRoutes } from './draft-routes';
import { importIntoRoutes } from './into-routes';
import { markedRoute } from './marked-route';
import { auditImport } from './audit';
import { fileBody, IMPORT_LIMITS_TEXT, multipartForm, refusal, sendXlsx, uploaded, xlsxAnswer } from './http';
import { previewOf, previewSchema, type Outcome } from './preview';
import { readSheets, readUpload, type ReadSheet } from './read';
import { templateWorkbook } from './template';
import { writePlan } from './write';

/** What the import does to each row of the file, read off the sheets' plans. */
const outcomeOf = (plans: SheetPlan[]) => {
  const done = new Map(
    plans.map((plan) => [
      plan.sheet,
      new Map<number, Outcome>([
        ...plan.creates.map((row) => [row.row, 'created'] as const),
        ...plan.updates.map((row) => [row.row, 'updated'] as const),
      ]),
    ]),
  );
  return (sheet: ReadSheet, row: number): Outcome => done.get(sheet)?.get(row) ?? 'unchanged';
};

const counts = (plans: SheetPlan[], pick: (plan: SheetPlan) => number) =>
  Object.fromEntries(plans.map((plan) => [plan.sheet.spec.def.name, pick(plan)]));

/**
 * Import from a spreadsheet for a declared resource (issue 27): the template in the caller's
 * language, the check-and-import of a filled one in one transaction, and the file back with its
 * bad cells marked. Each needs the resource's create right; rows are scoped as the viewer's writes are.
 */
export function importRoutes(app: FastifyInstance, r: ResourceDef) {
  const sheets = importSheets(r, resourceByName);
  const config = { config: { permission: buttonPermission(r, importRight(r.import!)) } };
  const perResource = (description: string) =>
    obj(
      Object.fromEntries(sheets.map((s) => [s.def.name, int()])),
      sheets.map((s) => s.def.name),
      description,
    );
  const names = sheets.map((s) => s.def.name).join(', ');

  app.get(
    `${r.api}/import/template`,
    {
      ...config,
      ...xlsxAnswer(
        'The import template',
        `An .xlsx with one sheet per resource (${names}) in the Accept-Language language: the field labels as headers (required ones marked *), enumerations as drop-downs, lookups by their readable key, an example row.`,
      ),
    },
    async (request, reply) => sendXlsx(reply, await templateWorkbook(sheets, request.t), `${r.name}-import.xlsx`),
  );
  if (r.import!.into) return importIntoRoutes(app, r, sheets[0], config);
  if (r.import!.lines) return importDraftRoutes(app, r, sheets[0], config);

  app.post<{ Querystring: { dryRun?: string } }>(
    `${r.api}/import`,
    {
      ...config,
      ...multipartForm(
        routeSchemas({
          summary: 'Import a filled-in template',
          description:
            `Every row is checked as a form is (the same schema), plus lookups, keys unique within the file and the table, and the tenant; ` +
            `any problem answers 40001 with data.errors [{ sheet, row, column, message }] and writes nothing. Otherwise all rows are written in one ` +
            `transaction: a row whose natural key (${r.import!.key.join(', ')}) names a stored record updates it, so the same file twice changes nothing. ` +
            `An empty cell keeps the stored value. ${IMPORT_LIMITS_TEXT}`,
          querystring: obj({ dryRun: { ...bool('Check and count only; nothing is written.'), default: false } }),
          body: fileBody,
          answer: obj(
            {
              created: perResource('Records created (dry run: that would be), per resource.'),
              updated: perResource('Stored records changed, per resource.'),
              unchanged: perResource('Rows equal to their stored record, per resource.'),
              preview: previewSchema,
            },
            ['created', 'updated', 'unchanged', 'preview'],
          ),
        }),
      ),
    },
    async (request) => {
      const file = await uploaded(request);
      const read = await readUpload(file.content, sheets);
      const viewer = await requestViewer(app, request);
      const dryRun = ['true', '1'].includes(String(request.query.dryRun));
      return app.db.transaction(async (tx) => {
        // One import of a resource at a time: two files naming the same new key would both create it. A
        // dry run writes nothing, so it waits for no one.
        if (!dryRun) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`import:${r.name}`]);
        const { plans, problems } = await checkImport(tx, read, viewer, request.user!.organizationId);
        if (problems.length) throw refusal(request, problems);
        const answer = {
          created: counts(plans, (p) => p.creates.length),
          updated: counts(plans, (p) => p.updates.length),
          unchanged: counts(plans, (p) => p.unchanged),
        };
        for (const s of sheets)
          for (const k of ['created', 'updated', 'unchanged'] as const) answer[k][s.def.name] ??= 0;
        const preview = previewOf(read, outcomeOf(plans), request.t);
        if (dryRun) return { ...answer, preview };
        for (const plan of plans) await writePlan(tx, plan, viewer, hooksByResource[plan.sheet.spec.def.name]);
        await auditImport(tx, app.files, { entity: r.name, entityId: null, viewer, file, counts: answer });
        return { ...answer, preview };
      });
    },
  );

  markedRoute(app, `${r.api}/import/marked`, config, async (request, book) => {
    const read = readSheets(book, sheets);
    const viewer = await requestViewer(app, request);
    return app.db.transaction(
      async (tx) => (await checkImport(tx, read, viewer, request.user!.organizationId)).problems,
    );
  });
}
