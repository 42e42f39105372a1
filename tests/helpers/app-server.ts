import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { ROOT_DIR } from '../../src/server/paths';
import { seedActivity } from '../../src/server/seed/activity';
import { freshDatabase } from './database';

/**
 * The whole product for a browser test: the API and the built web app (dist/, built by the test
 * command before e2e runs; WEB_DIR names another build, so two builds can be tested side by side)
 * on a free port over a fresh, seeded database. `activity` adds the demo's documents as `npm start`
 * makes them (shipments, inbounds, outbounds, mall orders, bills), for a test that opens a record
 * of every kind.
 */
export async function startApp(options: { activity?: boolean } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const { db, drop } = await freshDatabase();
  const app = await buildApp({ db, webDir: process.env.WEB_DIR ?? join(ROOT_DIR, 'dist'), checkAnswers: true });
  if (options.activity) await seedActivity(app);
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
