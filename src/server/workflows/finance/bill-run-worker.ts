import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BillRunStatus } from '../../../domain/finance/bill-run';
import type { Db } from '../../db/types';
import { runBatch, type BillRunLease } from './bill-run-batch';
import { Passes } from '../../passes';

export interface BillRunOptions {
  /** Customers per batch (one transaction each). */
  batchSize?: number;
  /** How long a claim on a run holds without a committed batch; then another instance may take it over. */
  leaseSeconds?: number;
}

/**
 * Works the bill runs of this database inside the API process: the ones it starts, those left
 * running when a process stopped (on start and then every lease period), one run at a time.
 * A run is claimed with a lease under `FOR UPDATE SKIP LOCKED`, so with several instances on one
 * PostgreSQL each run has one worker; each batch renews the lease in its own transaction.
 */
export class BillRunWorker {
  private readonly lease: BillRunLease;
  private readonly batchSize: number;
  private readonly passes = new Passes(() => this.drain());
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: BillRunOptions = {},
  ) {
    this.lease = { owner: randomUUID(), seconds: options.leaseSeconds ?? 60 };
    this.batchSize = options.batchSize ?? 200;
  }

  start() {
    this.timer = setInterval(() => this.wake(), this.lease.seconds * 1000);
    this.timer.unref();
    this.wake();
  }

  /** Looks for runs to work now; called when one starts. A call while working makes it look again after. */
  wake() {
    this.passes.wake();
  }

  /** Finishes the batch under way and gives up its claims, so a restart resumes them at once. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passes.stop();
    await this.db
      .query('UPDATE bill_runs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1 AND status = $2', [
        this.lease.owner,
        BillRunStatus.running,
      ])
      .catch((error: unknown) => this.log.warn({ err: error }, 'bill runs: claims not released'));
  }

  private async drain() {
    try {
      for (let id = await this.claim(); id !== undefined && !this.stopped; id = await this.claim()) await this.work(id);
    } catch (error) {
      // The database is away: the lease runs out and the next look (timer, restart) takes the run up again.
      this.log.warn({ err: error }, 'bill runs: looking for work failed');
    }
  }

  private async claim(): Promise<number | undefined> {
    const [run] = await this.db.query<{ id: number }>(
      `UPDATE bill_runs SET lease_owner = $1, lease_until = now() + make_interval(secs => $2), updated_at = now()
        WHERE id = (SELECT id FROM bill_runs
                     WHERE status = $3 AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $1)
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [this.lease.owner, this.lease.seconds, BillRunStatus.running],
    );
    return run?.id;
  }

  private async work(id: number) {
    try {
      while (!this.stopped && (await runBatch(this.db, id, this.lease, this.batchSize)) === 'more');
    } catch (error) {
      this.log.error({ err: error, billRun: id }, 'bill run failed');
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await this.db.query(
        `UPDATE bill_runs SET status = $2, error = $3, finished_at = now(), updated_at = now(),
                lease_owner = NULL, lease_until = NULL
          WHERE id = $1 AND status = $4 AND lease_owner = $5`,
        [id, BillRunStatus.failed, reason, BillRunStatus.running, this.lease.owner],
      );
    }
  }
}

const workers = new WeakMap<Db, BillRunWorker>();

/** The one worker of this process on this database: the app starts and stops it, tests reach it to stop it. */
export function billRunWorker(db: Db, log: FastifyBaseLogger) {
  let worker = workers.get(db);
  if (!worker) workers.set(db, (worker = new BillRunWorker(db, log)));
  return worker;
}
