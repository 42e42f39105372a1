import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { importRight } from '../../domain/import-def';
import { importSheets } from '../../domain/import-sheets';
import { buttonPermission, engineActions, type ResourceDef } from '../../domain/resource';
import { hooksByResource } from '../hooks/index';
import { checkImport, type SheetPlan } from './check';
import { importDraftRoutes } from './draft-routes';
import { importIntoRoutes } from './into-routes';
import { importRoute } from './import-route';
import { sendXlsx, xlsxAnswer } from './http';
import type { Outcome } from './preview';
import type { ReadSheet } from './read';
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
 * bad cells marked. Each needs the import's right; rows are scoped as the viewer's writes are.
 */
export function importRoutes(app: FastifyInstance, r: ResourceDef) {
  // Into a record's relation, or records drafted by their workflow: neither goes through the engine's create.
  if (!r.import || !(r.import.into || r.import.lines || engineActions(r).includes('create'))) return;
  const sheets = importSheets(r, resourceByName);
  const config = { config: { permission: buttonPermission(r, importRight(r.import!)) } };
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

  importRoute(app, {
    path: `${r.api}/import`,
    config,
    specs: sheets,
    summary: 'Import a filled-in template',
    description:
      `Every row is checked as a form is (the same schema), plus lookups, keys unique within the file and the table, and the tenant. ` +
      `A file without problems is written in one transaction: a row whose natural key (${r.import!.key.join(', ')}) names a stored record ` +
      `updates it, so the same file twice changes nothing. An empty cell keeps the stored value.`,
    answers: {
      created: 'Records created (dry run: that would be), per resource.',
      updated: 'Stored records changed, per resource.',
      unchanged: 'Rows equal to their stored record, per resource.',
    },
    lock: r.name,
    entity: r.name,
    check: async ({ tx, request, viewer, sheets: read }) => {
      const { plans, problems } = await checkImport(tx, read, viewer, request.user!.organizationId);
      return {
        problems,
        created: counts(plans, (p) => p.creates.length),
        updated: counts(plans, (p) => p.updates.length),
        unchanged: counts(plans, (p) => p.unchanged),
        outcome: outcomeOf(plans),
        write: async () => {
          for (const plan of plans) await writePlan(tx, plan, viewer, hooksByResource[plan.sheet.spec.def.name]);
        },
      };
    },
  });
}
