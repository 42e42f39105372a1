import { isEditable, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId } from '../engine/request';
import { findRecord } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { conflict, notFound } from '../errors';
import { lineImport } from '../workflows/line-import';
import { convert, firstOfEachKey, inFileOrder, resolveLookups, type ImportProblem } from './check';
import { importRoute, oneSheetChecked, type OneSheetImportRoutes } from './import-route';
import type { ReadSheet } from './read';

/**
 * A file's rows checked against one stored record (locked when they will be written): the record must be one the viewer
 * may see (else 404) and still editable (else 40901); lookups name records of its organization;
 * then its workflow merges the rows into its relation under the form's rules.
 */
async function checkInto(
  tx: Queryable,
  r: ResourceDef,
  merge: NonNullable<ReturnType<typeof lineImport>>,
  id: number,
  sheet: ReadSheet,
  viewer: Viewer,
  writing: boolean,
) {
  const record = await findRecord(tx, r, id, viewer, writing);
  if (!record) throw notFound();
  if (!isEditable(r, record)) throw conflict('errors.notEditable');
  const problems: ImportProblem[] = sheet.formulas.map((f) => ({ sheet, ...f, key: 'import.formula' }));
  const prepared = convert(sheet, problems, null);
  await resolveLookups(tx, sheet, prepared, viewer, problems, r.tenant ? record[r.tenant] : undefined);
  const key = sheet.spec.spec.key;
  const unique = firstOfEachKey(
    sheet,
    prepared,
    (p) => (key.every((f) => p.values[f] != null) ? JSON.stringify(key.map((f) => p.values[f])) : undefined),
    problems,
  );
  const failed = new Set(problems.map((p) => p.row));
  const merged = await merge(
    tx,
    record,
    unique.filter((p) => !failed.has(p.row)).map((p) => ({ row: p.row, values: p.values })),
    viewer,
  );
  for (const { row, field, key: message, params } of merged.problems)
    problems.push({
      sheet,
      // A stored line the rules no longer take stands in the header row: the file cannot fix it, the form can.
      row: row ?? 1,
      column: sheet.spec.columns.find((c) => c.field === field),
      key: message,
      params,
    });
  return { merged, problems: inFileOrder([sheet], problems) };
}

/**
 * Import into one record's relation (an inbound's lines, issue 27): POST <api>/{id}/import checks
 * (dryRun) or writes the file's rows in one transaction under the record's lock, and
 * POST <api>/{id}/import/marked sends the file back marked. Both need the record's edit right.
 */
export const importIntoRoutes: OneSheetImportRoutes = (app, r, spec, config) => {
  // A declaration no workflow merges is a mistake of the code, found when the server starts.
  const merge = lineImport(r.name, Boolean(r.import!.checksStock));
  if (!merge) throw new Error(`import.into: no line import for ${r.name}`);
  const name = spec.def.name;
  importRoute(app, {
    path: `${r.api}/:id/import`,
    config,
    specs: [spec],
    summary: `Import ${r.import!.into} into one record`,
    description:
      `Only while the record can be edited (else 40901); a record the caller may not see answers 404. Each row is checked as the form checks a line ` +
      `(a SKU named by its title or barcode within the record's organization${r.import!.checksStock ? ', no more than is available' : ''}); ` +
      `a row naming a SKU the record has changes that line, another adds one, the rest stay, so the same file twice changes nothing.`,
    answers: {
      created: 'Lines added (dry run: that would be).',
      updated: 'Lines changed.',
      unchanged: 'Rows equal to their line.',
    },
    recordId: (request) => recordId(request.params.id ?? ''),
    entity: r.name,
    // The record's own lock orders imports into it; it is taken only when the rows will be written.
    check: async ({ tx, viewer, id, sheets: [sheet], writing }) => {
      const { merged, problems } = await checkInto(tx, r, merge, id!, sheet, viewer, writing);
      return oneSheetChecked(name, problems, merged, () => merged.write());
    },
  });
};
