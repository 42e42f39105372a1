import type { FastifyInstance } from 'fastify';
import { billLineRoutes } from './bill-lines';
import { billRunRoutes } from './bill-run-routes';
import { billRunWorker } from './bill-run-worker';
import { billRoutes } from './bill-routes';

/**
 * Finance workflows (issue 16): bills generated and their lines edited (their states and expenses'
 * are the declared machines'). Month-end bill runs (issue 24) are worked in this process from its start to its close.
 */
export function financeRoutes(app: FastifyInstance) {
  const worker = billRunWorker(app.db, app.log);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
  billRoutes(app);
  billLineRoutes(app);
  billRunRoutes(app, worker);
}
