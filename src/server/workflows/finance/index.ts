import type { FastifyInstance } from 'fastify';
import { billLineRoutes } from './bill-lines';
import { billRoutes } from './bill-routes';
import { expenseRoutes } from './expense-routes';

/** Finance workflows (issue 16): bills generated, edited and moved through their states; expenses voided. */
export function financeRoutes(app: FastifyInstance) {
  billRoutes(app);
  billLineRoutes(app);
  expenseRoutes(app);
}
