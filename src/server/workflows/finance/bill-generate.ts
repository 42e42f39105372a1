import { documentNumber } from '../../../domain/stock-flow';
import type { Queryable } from '../../db/types';
import { fillBills } from './bill-fill';

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
  skipped: { organizationId: number; reason: 'billed' | 'noFeeModel' | 'nothing'; billNo?: string }[];
}

/**
 * Draft bills for customers of one warehouse and period, set-based for the whole run. Customers are
 * locked first (in id order), so two runs cannot both find a period free; a customer whose period
 * overlaps a bill that is not cancelled is skipped, so no pallet-day is ever billed twice.
 */
export async function generateBills(tx: Queryable, run: BillRun): Promise<BillRunResult> {
  const ids = [...new Set(run.organizationIds)].sort((a, b) => a - b);
  await tx.query('SELECT id FROM organizations WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  const candidates = await tx.query<{ organization_id: number; billed: string | null; model_id: number | null; currency: number | null; active: boolean }>(
    `SELECT o.id AS organization_id,
            (SELECT bill_no FROM bills b WHERE b.organization_id = o.id AND b.warehouse_id = $2 AND b.status <> 1
                AND b.period_from <= $4::date AND b.period_to >= $3::date ORDER BY b.id LIMIT 1) AS billed,
            m.id AS model_id, m.currency,
            EXISTS (SELECT 1 FROM lots l WHERE l.organization_id = o.id AND l.warehouse_id = $2 AND l.inbound_date <= $4::date AND (l.pallets > 0 OR l.inbound_date >= $3::date))
              OR EXISTS (SELECT 1 FROM outbounds ob WHERE ob.organization_id = o.id AND ob.warehouse_id = $2 AND ob.status = 6 AND ob.actual_date >= $3::date)
              OR EXISTS (SELECT 1 FROM expenses e WHERE e.organization_id = o.id AND e.warehouse_id = $2 AND e.bill_id IS NULL AND e.status = 0 AND e.expense_date <= $4::date) AS active
       FROM unnest($1::int[]) o(id)
       LEFT JOIN LATERAL (
         SELECT id, currency FROM fee_models f
          WHERE f.warehouse_id = $2 AND (f.organization_id = o.id OR f.organization_id IS NULL)
            AND f.valid_from <= $4::date AND (f.valid_to IS NULL OR f.valid_to >= $4::date)
          ORDER BY f.organization_id IS NULL, f.id LIMIT 1) m ON true
      ORDER BY o.id`,
    [ids, run.warehouseId, run.periodFrom, run.periodTo],
  );
  const result: BillRunResult = { created: [], skipped: [] };
  const chosen = candidates.filter((c) => {
    if (c.billed) result.skipped.push({ organizationId: c.organization_id, reason: 'billed', billNo: c.billed });
    else if (!c.model_id) result.skipped.push({ organizationId: c.organization_id, reason: 'noFeeModel' });
    else if (run.onlyActive && !c.active) result.skipped.push({ organizationId: c.organization_id, reason: 'nothing' });
    else return true;
    return false;
  });
  if (!chosen.length) return result;
  // One block of the day's BL numbers for the whole run.
  const [block] = await tx.query<{ day: string; last: number }>(
    `INSERT INTO document_sequences(prefix, day, last) VALUES ('BL', current_date, $1)
     ON CONFLICT (prefix, day) DO UPDATE SET last = document_sequences.last + $1
     RETURNING to_char(day, 'YYYY-MM-DD') AS day, last`,
    [chosen.length],
  );
  const numbers = chosen.map((_, i) => documentNumber('BL', block.day, block.last - chosen.length + 1 + i));
  const bills = await tx.query<{ id: number; organization_id: number; bill_no: string }>(
    `INSERT INTO bills (bill_no, status, organization_id, warehouse_id, period_from, period_to, currency, fee_model_id, language, remarks, created_by)
     SELECT n, 0, o, $4, $5, $6, c, m, $7, $8, $9 FROM unnest($1::text[], $2::int[], $3::int[], $10::int[]) AS x(n, o, m, c)
     RETURNING id, organization_id, bill_no`,
    [numbers, chosen.map((c) => c.organization_id), chosen.map((c) => c.model_id), run.warehouseId, run.periodFrom, run.periodTo,
      run.language ?? 'en', run.remarks ?? null, run.userId, chosen.map((c) => c.currency)],
  );
  await fillBills(tx, bills.map((b) => b.id));
  await tx.query(
    `INSERT INTO audit_log(user_id, entity, entity_id, action, before, after)
     SELECT $1, 'bills', id::text, 'generate', NULL, jsonb_build_object('status', 0, 'billNo', bill_no) FROM bills WHERE id = ANY($2::int[])`,
    [run.userId, bills.map((b) => b.id)],
  );
  result.created = bills.map((b) => ({ id: b.id, organizationId: b.organization_id, billNo: b.bill_no }));
  return result;
}
