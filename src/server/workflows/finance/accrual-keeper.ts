import dayjs from 'dayjs';
import type { FastifyBaseLogger } from 'fastify';
import { ExpenseStatus } from '../../../domain/finance/codes';
import type { Db, Queryable } from '../../db/types';
import { Passes } from '../../passes';
import { accrualMonth, accrualsOf } from './accruals';

/** Outbox events that bear on a customer's charges: stock moved, an expense, a bill, a price, a dispute. */
const PRICED = [
  'inbounds',
  'outbounds',
  'deliveries',
  'expenses',
  'bills',
  'billRuns',
  'feeModels',
  'disputes',
  'lots',
  'inventory',
];

/**
 * An event commits some time after its seq is drawn: the cursor stops short of the last seconds'
 * events, so one committing late is not stepped over; those newer events mark their customers
 * stale at once all the same (and again when the cursor passes them). One later still is caught
 * by the hourly pricing.
 */
const SETTLE_SECONDS = 10;

export interface AccrualKeeperOptions {
  /** How often it looks for work once woken. */
  tickMs?: number;
  /** A customer priced longer ago than this is priced again: storage grows with the days. */
  refreshSeconds?: number;
}

/**
 * Keeps every customer's month so far and forecast (issue 43) in accrual_totals, for the current
 * and the previous month at each warehouse where a fee model or an open expense can charge them,
 * by accrualsOf: the bill's own computation, as the per-customer answer. The staff's list of every
 * customer then reads kept rows (well under a second) instead of pricing each customer per request
 * (about 100 ms each at 10,000 lots). A customer is priced again when an event of theirs that bears
 * on charges reaches the outbox, and at least hourly. One instance at a time reads the outbox (the
 * cursor's row lock); customers are claimed one at a time in short statements,
 * so PGlite's single connection is never held for long. It starts working when first asked (the
 * list route wakes it), so an instance nobody reviews months on spends nothing on it.
 */
export class AccrualKeeper {
  private readonly passes = new Passes(() => this.pass());
  private readonly tickMs: number;
  private readonly refreshSeconds: number;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: AccrualKeeperOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 5000;
    this.refreshSeconds = options.refreshSeconds ?? 3600;
  }

  /** Nothing until first asked (wake). */
  start() {}

  /** Starts looking for work, now and then every tick. */
  wake() {
    if (this.stopped) return;
    if (!this.timer) {
      this.timer = setInterval(() => this.passes.wake(), this.tickMs);
      this.timer.unref();
    }
    this.passes.wake();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passes.stop();
  }

  /** Prices every customer stale now and waits for it: a test or a benchmark reads the kept rows after. */
  async catchUp() {
    await this.passes.flush();
  }

  private async pass() {
    try {
      await this.noteChanges();
      for (let id = await this.claim(); id !== undefined && !this.stopped; id = await this.claim())
        await this.price(id);
    } catch (error) {
      // The database is away: the next tick tries again, and what was claimed is stale again by the hour.
      this.log.warn({ err: error }, 'accruals: keeping the month so far failed');
    }
  }

  /** Marks stale the customers the outbox's new events name, every customer not kept yet, and those kept over an hour ago. */
  private async noteChanges() {
    await this.db.transaction(async (tx) => {
      // Plain FOR UPDATE: a second instance waits the few statements this takes, then reads past it.
      const [cursor] = await tx.query<{ seq: string }>('SELECT seq::text FROM accrual_cursor WHERE id = 1 FOR UPDATE');
      const [{ everyone }] = await tx.query<{ everyone: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM outbox WHERE seq > $1::bigint AND resource = ANY($2::text[]) AND organization_id IS NULL) AS everyone`,
        [cursor.seq, PRICED],
      );
      // An event of no organization (a bill run, a price for every customer) may change anyone's charges.
      if (everyone) await tx.query('UPDATE accrual_keeping SET stale = true WHERE NOT stale');
      await tx.query(
        `INSERT INTO accrual_keeping (organization_id, stale)
         SELECT DISTINCT organization_id, true FROM outbox
          WHERE seq > $1::bigint AND resource = ANY($2::text[]) AND organization_id IS NOT NULL
         ON CONFLICT (organization_id) DO UPDATE SET stale = true`,
        [cursor.seq, PRICED],
      );
      await tx.query(
        `UPDATE accrual_cursor SET seq = (SELECT coalesce(max(seq), $1::bigint) FROM outbox
                                           WHERE seq > $1::bigint AND created_at < now() - make_interval(secs => $2))
          WHERE id = 1`,
        [cursor.seq, SETTLE_SECONDS],
      );
      await tx.query(
        `INSERT INTO accrual_keeping (organization_id, stale) SELECT id, true FROM organizations ON CONFLICT DO NOTHING`,
      );
      await tx.query(
        `UPDATE accrual_keeping SET stale = true WHERE NOT stale AND computed_at < $now - make_interval(secs => $1)`,
        [this.refreshSeconds],
      );
    });
  }

  /** The stale customer priced longest ago (never priced first), no longer stale: a change meanwhile marks it again. */
  private async claim(): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(
      `UPDATE accrual_keeping SET stale = false
        WHERE organization_id = (SELECT organization_id FROM accrual_keeping WHERE stale
                                  ORDER BY computed_at NULLS FIRST, organization_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING organization_id AS id`,
    );
    return row?.id;
  }

  private async price(organizationId: number) {
    try {
      const rows = await keptRowsOf(this.db, organizationId);
      await this.db.transaction(async (tx) => {
        await tx.query('DELETE FROM accrual_totals WHERE organization_id = $1', [organizationId]);
        if (rows.length)
          await tx.query(
            `INSERT INTO accrual_totals (organization_id, warehouse_id, month, currency, to_date, forecast, fee_model_id, from_day, today, computed_at)
             SELECT $1, r.warehouse_id, r.month, r.currency, r.to_date, r.forecast, r.fee_model_id, r.from_day, r.today, $now
               FROM jsonb_to_recordset($2::jsonb) AS r(warehouse_id int, month date, currency int, to_date numeric,
                                                       forecast numeric, fee_model_id int, from_day date, today date)`,
            [organizationId, JSON.stringify(rows)],
          );
        await tx.query('UPDATE accrual_keeping SET computed_at = $now WHERE organization_id = $1', [organizationId]);
      });
    } catch (error) {
      await this.db.query('UPDATE accrual_keeping SET stale = true WHERE organization_id = $1', [organizationId]);
      throw error;
    }
  }
}

/**
 * A customer's kept rows: each warehouse where a fee model (theirs or every customer's) or an open
 * expense can charge them, this month and the one before, one row per currency.
 */
export async function keptRowsOf(q: Queryable, organizationId: number) {
  const places = await q.query<{ warehouse_id: number }>(
    `SELECT warehouse_id FROM fee_models WHERE (organization_id = $1 OR organization_id IS NULL)
        AND (valid_to IS NULL OR valid_to >= date_trunc('month', $now - interval '1 month'))
     UNION SELECT warehouse_id FROM expenses WHERE organization_id = $1 AND status = $2 AND bill_id IS NULL`,
    [organizationId, ExpenseStatus.open],
  );
  const rows = [];
  for (const { warehouse_id: warehouseId } of places) {
    const current = await accrualMonth(q, organizationId, warehouseId);
    if (!current) continue;
    const before = await accrualMonth(
      q,
      organizationId,
      warehouseId,
      dayjs(current.monthFrom).subtract(1, 'month').format('YYYY-MM'),
    );
    for (const period of [before!, current]) {
      const found = await accrualsOf(q, period);
      for (const [currency, toDate] of found.toDate)
        rows.push({
          warehouse_id: warehouseId,
          month: period.monthFrom,
          currency,
          to_date: toDate,
          forecast: found.forecast.get(currency) ?? toDate,
          fee_model_id: found.feeModelId,
          from_day: period.from,
          today: period.today,
        });
    }
  }
  return rows;
}

const keepers = new WeakMap<Db, AccrualKeeper>();

/** The one keeper of this process on this database: the app starts and stops it, the list route wakes it. */
export function accrualKeeper(db: Db, log: FastifyBaseLogger) {
  let keeper = keepers.get(db);
  if (!keeper) keepers.set(db, (keeper = new AccrualKeeper(db, log)));
  return keeper;
}
