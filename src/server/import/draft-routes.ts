import type { ImportSheetSpec } from '../../domain/import-sheets';
import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { orderImport } from '../workflows/order-import';
import { convert, inFileOrder, resolveLookups, type ImportProblem, type Prepared } from './check';
import { importRoute, oneSheetChecked, type OneSheetImportRoutes } from './import-route';
import type { ReadSheet } from './read';

const only = (sheet: ReadSheet, keep: (c: ImportSheetSpec['columns'][number]) => boolean): ReadSheet => ({
  ...sheet,
  spec: { ...sheet.spec, columns: sheet.spec.columns.filter(keep) },
});

/**
 * A file of records with their lines checked (issue 27): cells converted, the header's lookups
 * resolved over what the viewer may see, then each line's lookups within its own record's
 * organization (a SKU of that customer), one statement per customer; then the workflow groups and
 * checks the rows as its form would.
 */
async function checkDrafts(tx: Queryable, r: ResourceDef, sheet: ReadSheet, viewer: Viewer) {
  const problems: ImportProblem[] = sheet.formulas.map((f) => ({ sheet, ...f, key: 'import.formula' }));
  const prepared = convert(sheet, problems, null);
  const own = (c: ImportSheetSpec['columns'][number]) => c.owner === r;
  await resolveLookups(tx, only(sheet, own), prepared, viewer, problems);
  const byTenant = new Map<unknown, Prepared[]>();
  for (const p of prepared) {
    const rows = byTenant.get(p.values[r.tenant!]);
    if (rows) rows.push(p);
    else byTenant.set(p.values[r.tenant!], [p]);
  }
  for (const [tenant, rows] of byTenant)
    if (typeof tenant === 'number')
      await resolveLookups(
        tx,
        only(sheet, (c) => !own(c)),
        rows,
        viewer,
        problems,
        tenant,
      );
  // A cell already refused stays named once, by its own problem.
  const named = new Set(problems.map((x) => `${x.row}:${x.column?.name}`));
  // Every row needs its key and its line; the header needs filling on a record's first row only,
  // where the workflow's own checks ask for it.
  const everyRow = sheet.spec.columns.filter((c) => c.required && (!own(c) || r.import!.key.includes(c.field)));
  for (const p of prepared)
    for (const column of everyRow)
      if (p.values[column.field] === undefined && !named.has(`${p.row}:${column.name}`))
        problems.push({ sheet, row: p.row, column, key: 'validation.required' });
  const failed = new Set(problems.map((p) => p.row));
  const planned = await orderImport(
    tx,
    prepared.filter((p) => !failed.has(p.row)).map((p) => ({ row: p.row, values: p.values })),
    viewer,
  );
  for (const { row, field, key, params } of planned.problems)
    problems.push({ sheet, row, column: sheet.spec.columns.find((c) => c.field === field), key, params });
  return { planned, problems: inFileOrder([sheet], problems) };
}

/**
 * Import of records with their lines from one sheet (mall orders, issue 27): POST <api>/import checks
 * (dryRun) or drafts every new record in one transaction, POST <api>/import/marked sends the file
 * back marked. A record whose key is already stored is left as it is.
 */
export const importDraftRoutes: OneSheetImportRoutes = (app, r, spec, config) => {
  const name = spec.def.name;
  importRoute(app, {
    path: `${r.api}/import`,
    config,
    specs: [spec],
    summary: 'Import orders with their lines',
    description:
      `One row per line; the rows sharing a reference number (${r.import!.key.join(', ')}) within a customer make one draft, its customer named by code ` +
      `and each SKU by its title or barcode within that customer. Each order is checked as the form drafts it, and the file's orders together ` +
      `may not ask for more than is available. A reference number the customer already has is left as it is, so the same file twice creates nothing.`,
    answers: {
      created: 'Orders drafted (dry run: that would be).',
      updated: 'Always 0: a stored order is never changed by a file.',
      unchanged: 'Orders already imported.',
    },
    lock: r.name,
    entity: r.name,
    check: async ({ tx, request, viewer, sheets: [sheet] }) => {
      const { planned, problems } = await checkDrafts(tx, r, sheet, viewer);
      return oneSheetChecked(name, problems, { ...planned, updated: 0 }, () => planned.write(request.user!.id));
    },
  });
};
