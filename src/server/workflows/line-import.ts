import { resourceByName } from '../../../resources/index';
import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { table, column } from '../engine/sql';
import type { FieldProblem } from '../errors';
import { resolveLines } from './lines';
import { INBOUND } from './inbounds';
import { OUTBOUND } from './outbounds';
import { writeLines, type DocumentKind } from './plan';
import { shortOfStock } from './stock';

/** A row of the file as the import read it: its Excel number and its checked cells (skuId resolved). */
export interface LineRow {
  row: number;
  values: Rec;
}

export interface LineImport {
  created: number;
  updated: number;
  unchanged: number;
  /** What the import does to each file row, by its Excel number. */
  outcomes: Map<number, 'created' | 'updated' | 'unchanged'>;
  /** Problems by the file's row; row undefined: a stored line the rules no longer accept. */
  problems: (FieldProblem & { row?: number })[];
  /** Writes the merged lines, as the form's save does; nothing to do when none changed. */
  write(): Promise<void>;
}

const KINDS = [INBOUND, OUTBOUND];

/**
 * How the rows of a file go into a document's lines, for the documents whose lines import; with
 * `checksStock`, the merged lines may not ask for more than is available.
 */
export const lineImport = (resource: string, checksStock: boolean) => {
  const kind = KINDS.find((k) => k.resource === resource);
  return kind && mergeLines(kind, checksStock);
};

type Line = { skuId: number; pieces: number; pallets: number };

/**
 * File rows merged into a draft document's lines by SKU (issue 27): a row naming a SKU the document
 * has changes that line (an empty pallets cell keeps it), another SKU adds a line, lines the file
 * does not name stay; so the same file twice changes nothing. The merged lines then go through the
 * form's own checks (resolveLines: the line schema, a SKU of the document's organization) and, where
 * the import checks stock (an outbound's), what is available now, as Submit would refuse it. The caller has locked the document.
 */
const mergeLines =
  (kind: DocumentKind, checksStock: boolean) =>
  async (tx: Queryable, doc: Rec, rows: LineRow[], viewer: Viewer): Promise<LineImport> => {
    const stored = await tx.query<Line>(
      `SELECT sku_id AS "skuId", pieces, pallets FROM ${table(resourceByName(kind.lines)!)}
        WHERE ${column(kind.foreignKey)} = $1 ORDER BY id`,
      [doc.id],
    );
    const merged: Line[] = stored.map((l) => ({ ...l }));
    const origin: (number | undefined)[] = stored.map(() => undefined);
    const at = new Map(stored.map((l, i) => [l.skuId, i]));
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const outcomes = new Map<number, 'created' | 'updated' | 'unchanged'>();
    for (const { row, values } of rows) {
      const index = at.get(values.skuId as number);
      if (index === undefined) {
        at.set(values.skuId as number, merged.length);
        merged.push({ pallets: 0, ...values } as Line);
        origin.push(row);
        counts.created++;
        outcomes.set(row, 'created');
        continue;
      }
      const line = { ...merged[index], ...values } as Line;
      origin[index] = row;
      const outcome =
        line.pieces === merged[index].pieces && line.pallets === merged[index].pallets ? 'unchanged' : 'updated';
      counts[outcome]++;
      outcomes.set(row, outcome);
      merged[index] = line;
    }
    const resolved = await resolveLines(
      tx,
      resourceByName(kind.lines)!.schema,
      merged,
      doc.organizationId as number,
      viewer,
    );
    const problems = resolved.problems.map(({ field, ...problem }) => {
      const [, index, name] = field.split('.');
      return { ...problem, field: name, row: origin[Number(index)] };
    });
    if (checksStock) problems.push(...(await overAvailable(tx, doc, merged, origin)));
    return {
      ...counts,
      outcomes,
      problems,
      write: async () => {
        if (!counts.created && !counts.updated) return;
        await writeLines(tx, kind, doc.id as number, resolved.lines);
        await tx.query(`UPDATE ${kind.resource} SET version = version + 1, updated_at = now() WHERE id = $1`, [doc.id]);
      },
    };
  };

/**
 * A document's lines asking for more of a SKU than its customer has available (on hand less
 * reserved) in its warehouse, named at each file row of that SKU: the form warns of it, Submit refuses it.
 */
async function overAvailable(tx: Queryable, doc: Rec, lines: Line[], origin: (number | undefined)[]) {
  const asked = lines.flatMap((line, index) =>
    Number.isInteger(line.skuId) && Number.isInteger(line.pieces) ? [{ line, index }] : [],
  );
  const short = await shortOfStock(
    tx,
    asked.map(({ line }) => ({
      organizationId: doc.organizationId as number,
      warehouseId: doc.warehouseId as number,
      skuId: line.skuId,
      pieces: line.pieces,
    })),
  );
  return [...short].flatMap(([i, available]) => {
    const row = origin[asked[i].index];
    return row === undefined ? [] : [{ row, field: 'pieces', key: 'validation.available', params: { available } }];
  });
}
