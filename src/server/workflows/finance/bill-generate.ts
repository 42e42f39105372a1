import { documentNumber } from '../../../domain/stock-flow';
import { warehouseDay } from '../../db/local-day';
import type { Queryable } from '../../db/types';
import { fillBills, MODEL_WINDOWS } from './bill-fill';
import { recordEvents } from '../../outbox/write';

export interface BillRun {
  organizationIds: number[];
  warehouseId: number;
  periodFrom: string;
  periodTo: string;
  language?: string;
  remarks?: string | null;
  userId: number;
  /** A run over many customers skips those with nothing in the period (no lot, no open expense). */
  onlyActive?: boolean;
}

export interface BillRunResult {
  created: { id: number; organizationId: number; billNo: string }[];
  skipped: { organizationId: number; reason: SkipReason; billNo?: string }[];
}

export type SkipReason = 'billed' | 'noFeeModel' | 'currencies' | 'nothing';

export interface PeriodModel {
  modelId: number;
  currency: number;
  /** The models over the period charge in more than one currency, which one bill cannot add up. */
  mixedCurrencies: boolean;
}

/**
 * The model each customer's bill of a period is made out under: the one that prices the period's
 * last priced day, whose currency and minimum charge are the bill's (the days before are priced by
 * the model of each day all the same). No entry: no model is valid on any day of the period.
 */
export async function periodModels(
  tx: Queryable,
  organizationIds: number[],
  warehouseId: number,
  periodFrom: string,
  periodTo: string,
) {
  const rows = await tx.query<{ key: number; model_id: number; currency: number; currencies: number }>(
    `WITH p AS (
       SELECT o.id AS key, o.id AS organization_id, $2::int AS warehouse_id, $3::date AS period_from, $4::date AS period_to FROM unnest($1::int[]) o(id)
     ), ${MODEL_WINDOWS}
     SELECT DISTINCT ON (w.key) w.key, w.model_id, w.currency,
            (SELECT count(DISTINCT x.currency)::int FROM model_window x WHERE x.key = w.key) AS currencies
       FROM model_window w ORDER BY w.key, w.day_to DESC`,
    [organizationIds, warehouseId, periodFrom, periodTo],
  );
  return new Map<number, PeriodModel>(
    rows.map((r) => [r.key, { modelId: r.model_id, currency: r.currency, mixedCurrencies: r.currencies > 1 }]),
  );
}

/**
 * Draft bills for customers of one warehouse and period, set-based for the whole run. Customers are
 * locked first (in id order), so two runs cannot both find a period free; a customer whose period
 * overlaps a bill that is not cancelled is skipped, so no pallet-day is ever billed twice.
 */
export async function generateBills(tx: Queryable, run: BillRun): Promise<BillRunResult> {
  const ids = [...new Set(run.organizationIds)].sort((a, b) => a - b);
  await tx.query('SELECT id FROM organizations WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  const models = await periodModels(tx, ids, run.warehouseId, run.periodFrom, run.periodTo);
  const candidates = await tx.query<{ organization_id: number; billed: string | null; active: boolean }>(
    `SELECT o.id AS organization_id,
            (SELECT bill_no FROM bills b WHERE b.organization_id = o.id AND b.warehouse_id = $2 AND b.status <> 1
                AND b.period_from <= $4::date AND b.period_to >= $3::date ORDER BY b.id LIMIT 1) AS billed,
            EXISTS (SELECT 1 FROM lots l WHERE l.organization_id = o.id AND l.warehouse_id = $2 AND l.inbound_date <= $4::date AND (l.pallets > 0 OR l.inbound_date >= $3::date))
              OR EXISTS (SELECT 1 FROM outbounds ob WHERE ob.organization_id = o.id AND ob.warehouse_id = $2 AND ob.status = 6 AND ob.actual_date >= $3::date)
              OR EXISTS (SELECT 1 FROM expenses e WHERE e.organization_id = o.id AND e.warehouse_id = $2 AND e.bill_id IS NULL AND e.status = 0 AND e.expense_date <= $4::date) AS active
       FROM unnest($1::int[]) o(id)
      ORDER BY o.id`,
    [ids, run.warehouseId, run.periodFrom, run.periodTo],
  );
  const result: BillRunResult = { created: [], skipped: [] };
  const chosen = candidates.filter((c) => {
    const model = models.get(c.organization_id);
    if (c.billed) result.skipped.push({ organizationId: c.organization_id, reason: 'billed', billNo: c.billed });
    else if (!model) result.skipped.push({ organizationId: c.organization_id, reason: 'noFeeModel' });
    else if (model.mixedCurrencies) result.skipped.push({ organizationId: c.organization_id, reason: 'currencies' });
    else if (run.onlyActive && !c.active) result.skipped.push({ organizationId: c.organization_id, reason: 'nothing' });
    else return true;
    return false;
  });
  if (!chosen.length) return result;
  // One block of the day's BL numbers for the whole run, on the warehouse's day.
  const [block] = await tx.query<{ day: string; last: number }>(
    `INSERT INTO document_sequences(prefix, day, last) VALUES ('BL', ${warehouseDay('$2::int')}, $1)
     ON CONFLICT (prefix, day) DO UPDATE SET last = document_sequences.last + $1
     RETURNING to_char(day, 'YYYY-MM-DD') AS day, last`,
    [chosen.length, run.warehouseId],
  );
  const numbers = chosen.map((_, i) => documentNumber('BL', block.day, block.last - chosen.length + 1 + i));
  const bills = await tx.query<{ id: number; organization_id: number; bill_no: string }>(
    `INSERT INTO bills (bill_no, status, organization_id, warehouse_id, period_from, period_to, currency, fee_model_id, language, remarks, created_by)
     SELECT n, 0, o, $4, $5, $6, c, m, $7, $8, $9 FROM unnest($1::text[], $2::int[], $3::int[], $10::int[]) AS x(n, o, m, c)
     RETURNING id, organization_id, bill_no`,
    [
      numbers,
      chosen.map((c) => c.organization_id),
      chosen.map((c) => models.get(c.organization_id)!.modelId),
      run.warehouseId,
      run.periodFrom,
      run.periodTo,
      run.language ?? 'en',
      run.remarks ?? null,
      run.userId,
      chosen.map((c) => models.get(c.organization_id)!.currency),
    ],
  );
  await fillBills(
    tx,
    bills.map((b) => b.id),
  );
  await tx.query(
    `INSERT INTO audit_log(user_id, entity, entity_id, action, before, after)
     SELECT $1, 'bills', id::text, 'generate', NULL, jsonb_build_object('status', 0, 'billNo', bill_no) FROM bills WHERE id = ANY($2::int[])`,
    [run.userId, bills.map((b) => b.id)],
  );
  await recordEvents(tx, { userId: run.userId, resource: 'bills', action: 'generate', ids: bills.map((b) => b.id) });
  result.created = bills.map((b) => ({ id: b.id, organizationId: b.organization_id, billNo: b.bill_no }));
  return result;
}
