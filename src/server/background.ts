import type { FastifyInstance } from 'fastify';

/** Work that runs beside the API: started once the app is ready, stopped when it closes. */
interface BackgroundJob {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export function runWhileOpen<T extends BackgroundJob>(app: FastifyInstance, job: T): T {
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return job;
}
