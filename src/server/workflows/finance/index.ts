import type { FastifyInstance } from 'fastify';
import { billLineRoutes } from './bill-lines';
import { billRunRoutes } from './bill-run-routes';
import type { BillRunWorker } from './bill-run-worker';
import { billRoutes } from './bill-routes';

/**
 * Finance workflows (issue 16): bills generated and their lines edited (their states and expenses'
 * are the declared machines'), and month-end bill runs (issue 24) started for the worker the app runs.
 */
export function financeRoutes(app: FastifyInstance, worker: BillRunWorker) {
  billRoutes(app);
  billLineRoutes(app);
  billRunRoutes(app, worker);
}
