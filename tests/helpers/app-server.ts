import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { ROOT_DIR } from '../../src/server/paths';
import { freshDatabase } from './database';

/**
 * The whole product for a browser test: the API and the built web app (dist/, built by the test
 * command before e2e runs; WEB_DIR names another build, so two builds can be tested side by side)
 * on a free port over a fresh, seeded database.
 */
export async function startApp(): Promise<{ url: string; close(): Promise<void> }> {
  const { db, drop } = await freshDatabase();
  const app = await buildApp({ db, webDir: process.env.WEB_DIR ?? join(ROOT_DIR, 'dist'), checkAnswers: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
