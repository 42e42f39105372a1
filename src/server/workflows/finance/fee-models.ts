import { feeLinesProblems, type FeeLine } from '../../../domain/finance/fee-model-rules';
import type { Queryable } from '../../db/types';
import type { ResourceHooks } from '../../engine/hooks';
import type { Rec } from '../../engine/records';
import type { FieldProblem } from '../../errors';

/** A fee model as billing reads it. */
export interface FeeModel {
  id: number;
  currency: number;
  minimum_charge: string | null;
  lines: FeeLine[];
}

/**
 * The model that prices a customer's work in a warehouse on a day: the customer's own before the
 * default (no organization) one. Validation keeps at most one of each valid on any day.
 */
export async function feeModelOn(
  tx: Queryable,
  organizationId: number,
  warehouseId: number,
  day: string,
): Promise<FeeModel | undefined> {
  const [model] = await tx.query<FeeModel>(
    `SELECT id, currency, minimum_charge::text, lines FROM fee_models
      WHERE warehouse_id = $2 AND (organization_id = $1 OR organization_id IS NULL)
        AND valid_from <= $3::date AND (valid_to IS NULL OR valid_to >= $3::date)
      ORDER BY organization_id IS NULL, id LIMIT 1`,
    [organizationId, warehouseId, day],
  );
  return model;
}

/**
 * Bands that overlap or leave gaps, lines that do not fit their fee type, and two models valid for
 * the same customer, warehouse and day are field errors. Writes to one warehouse's models are
 * serialized by locking the warehouse row, so two requests cannot both pass the overlap check.
 */
export const feeModelsHooks: ResourceHooks = {
  async beforeWrite(input: Rec, { tx, current }) {
    const problems: FieldProblem[] = feeLinesProblems((input.lines ?? []) as FeeLine[]);
    const validFrom = input.validFrom as string;
    const validTo = (input.validTo as string | undefined) ?? null;
    if (validTo && validTo < validFrom) problems.push({ field: 'validTo', key: 'finance.validation.validTo' });
    await tx.query('SELECT id FROM warehouses WHERE id = $1 FOR UPDATE', [input.warehouseId]);
    const overlapping = await tx.query(
      `SELECT id FROM fee_models
        WHERE warehouse_id = $1 AND organization_id IS NOT DISTINCT FROM $2::int AND id <> $3
          AND valid_from <= coalesce($5::date, 'infinity'::date) AND coalesce(valid_to, 'infinity'::date) >= $4::date LIMIT 1`,
      [input.warehouseId, input.organizationId ?? null, current?.id ?? 0, validFrom, validTo],
    );
    if (overlapping.length) problems.push({ field: 'validFrom', key: 'finance.validation.modelOverlap' });
    // jsonb travels as JSON text: a driver would send a JS array as a SQL array.
    return { problems, columns: { lines: JSON.stringify(input.lines ?? []) } };
  },
};
