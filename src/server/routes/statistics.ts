import type { FastifyInstance } from 'fastify';

/** Live counts for the staff dashboard. */
export function statisticsRoutes(app: FastifyInstance) {
  app.get('/statistics/counts', { config: { permission: 'dashboard' } }, async () => {
    const [row] = await app.db.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM countries) AS countries,
      (SELECT count(*)::int FROM ports) AS ports,
      (SELECT count(*)::int FROM ports WHERE status = 1) AS "activePorts",
      (SELECT count(*)::int FROM users) AS users`);
    return row;
  });
}
