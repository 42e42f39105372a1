import type { FastifyInstance } from 'fastify';
import type { AccrualKeeper } from './accrual-keeper';
import { accrualListRoutes } from './accrual-list-routes';
import { accrualRoutes } from './accrual-routes';
import { accrualDrilldownRoutes } from './accrual-drilldown-routes';
import { billLineRoutes } from './bill-lines';
import { billRunRoutes } from './bill-run-routes';
import type { BillRunWorker } from './bill-run-worker';
import { billRoutes } from './bill-routes';
import { disputeRoutes } from './dispute-routes';

/**
 * Finance workflows (issue 16): bills generated and their lines edited (their states and expenses'
 * are the declared machines'), month-end bill runs (issue 24) started for the worker the app runs,
 * a month's charges as they form, kept for the list of every customer, and disputed lines (issue 43).
 */
export function financeRoutes(app: FastifyInstance, worker: BillRunWorker, keeper: AccrualKeeper) {
  billRoutes(app);
  billLineRoutes(app);
  billRunRoutes(app, worker);
  accrualRoutes(app);
  accrualListRoutes(app, keeper);
  accrualDrilldownRoutes(app);
  disputeRoutes(app);
}
