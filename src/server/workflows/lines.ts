import type { EntitySchema } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { findRecords } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { validateRecord } from '../engine/validate';
import { resourceByName } from '../../../resources/index';
import type { FieldProblem } from '../errors';

export interface LineInput {
  skuId: number;
  pieces: number;
  pallets: number;
  /** Why a return's line comes back (returnLines.json). */
  reason?: number;
}

export interface ResolvedLine extends LineInput {
  productId: number;
  skuTitle: string;
}

/**
 * Checks document lines against the line schema and resolves each SKU, which must be visible to
 * the user and belong to the document's organization. Problems name the line under the field the
 * client sent the lines in: `lines.2.pieces` (or `products.2.pieces`, their old name).
 */
export async function resolveLines(
  tx: Queryable,
  lineSchema: EntitySchema,
  raw: unknown,
  organizationId: number,
  viewer: Viewer,
  field = 'lines',
): Promise<{ lines: ResolvedLine[]; problems: FieldProblem[] }> {
  if (raw === undefined) return { lines: [], problems: [] };
  if (!Array.isArray(raw) || raw.length > 2000) return { lines: [], problems: [{ field, key: 'validation.format' }] };
  const problems: FieldProblem[] = [];
  const checked = raw.map((item, index) => {
    const line = { pallets: 0, ...(item && typeof item === 'object' ? item : {}) } as LineInput;
    const lineProblems = validateRecord(lineSchema, line as unknown as Record<string, unknown>);
    problems.push(...lineProblems.map((p) => ({ ...p, field: `${field}.${index}.${p.field}` })));
    return lineProblems.length ? undefined : line;
  });
  return resolveSkus(tx, checked, organizationId, viewer, field, problems);
}

/**
 * Resolves the SKU of each line whose shape is right (undefined: a line with problems of its own,
 * given in `problems`), in one statement; answers those problems with the lines' SKU problems, in
 * line order, as a reader goes through the form.
 */
export async function resolveSkus(
  tx: Queryable,
  checked: (LineInput | undefined)[],
  organizationId: number,
  viewer: Viewer,
  field: string,
  problems: FieldProblem[],
): Promise<{ lines: ResolvedLine[]; problems: FieldProblem[] }> {
  const lines: ResolvedLine[] = [];
  const all = [...problems];
  const wanted = [...new Set(checked.flatMap((line) => (line ? [line.skuId] : [])))];
  const skus = wanted.length ? await findRecords(tx, resourceByName('skus')!, wanted, viewer) : [];
  const found = new Map(skus.map((sku) => [sku.id, sku]));
  for (const [index, line] of checked.entries()) {
    if (!line) continue;
    const sku = found.get(line.skuId);
    if (!sku) all.push({ field: `${field}.${index}.skuId`, key: 'validation.ref' });
    else if (sku.organizationId !== organizationId)
      all.push({ field: `${field}.${index}.skuId`, key: 'validation.skuOrganization' });
    else
      lines.push({
        skuId: line.skuId,
        pieces: line.pieces,
        pallets: line.pallets ?? 0,
        ...(line.reason !== undefined && { reason: line.reason }),
        productId: sku.productId as number,
        skuTitle: sku.title as string,
      });
  }
  const index = lineOfProblem(field);
  return { lines, problems: all.sort((a, b) => index(a)! - index(b)!) };
}

/**
 * Which line a body's problem is of, the lines sent as `field`: its index, -1 for the list itself,
 * undefined for a problem of another field.
 */
const lineOfProblem =
  (field: string) =>
  (p: FieldProblem): number | undefined =>
    p.field === field ? -1 : p.field.startsWith(`${field}.`) ? Number(p.field.split('.')[1]) : undefined;

/**
 * A body's shape problems (the compiler's) split between its header and its lines sent as `field`,
 * with the lines that have none of their own (`fine`, undefined in place of a line with one; empty
 * when the list itself is wrong or absent), for what a schema cannot check of them.
 */
export function splitShape<T>(raw: unknown, shape: FieldProblem[], field: string) {
  const lineOf = lineOfProblem(field);
  const header = shape.filter((p) => lineOf(p) === undefined);
  const lines = shape.filter((p) => lineOf(p) !== undefined);
  const bad = new Set(lines.map(lineOf));
  const fine = Array.isArray(raw) && !bad.has(-1) ? (raw as T[]).map((line, i) => (bad.has(i) ? undefined : line)) : [];
  return { header, lines, fine };
}
