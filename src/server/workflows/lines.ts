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
  const problems: FieldProblem[] = [];
  const lines: ResolvedLine[] = [];
  if (raw === undefined) return { lines, problems };
  if (!Array.isArray(raw) || raw.length > 2000) return { lines, problems: [{ field, key: 'validation.format' }] };
  const skus = resourceByName('skus')!;
  const checked: { index: number; line: LineInput }[] = [];
  for (const [index, item] of raw.entries()) {
    const line = { pallets: 0, ...(item && typeof item === 'object' ? item : {}) } as LineInput;
    const lineProblems = validateRecord(lineSchema, line as unknown as Record<string, unknown>);
    problems.push(...lineProblems.map((p) => ({ ...p, field: `${field}.${index}.${p.field}` })));
    if (!lineProblems.length) checked.push({ index, line });
  }
  // Every SKU the lines name, visible to the user, in one statement.
  const wanted = [...new Set(checked.map((c) => c.line.skuId))];
  const found = new Map((await findRecords(tx, skus, wanted, viewer)).map((sku) => [sku.id, sku]));
  for (const { index, line } of checked) {
    const sku = found.get(line.skuId);
    if (!sku) problems.push({ field: `${field}.${index}.skuId`, key: 'validation.ref' });
    else if (sku.organizationId !== organizationId)
      problems.push({ field: `${field}.${index}.skuId`, key: 'validation.skuOrganization' });
    else
      lines.push({
        skuId: line.skuId,
        pieces: line.pieces,
        pallets: line.pallets ?? 0,
        productId: sku.productId as number,
        skuTitle: sku.title as string,
      });
  }
  // In line order, as a reader goes through the form.
  const line = (p: FieldProblem) => Number(p.field.split('.')[1]);
  return { lines, problems: problems.sort((a, b) => line(a) - line(b)) };
}
