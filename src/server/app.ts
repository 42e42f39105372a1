import { readFileSync } from 'node:fs';
import fastJsonStringify from 'fast-json-stringify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { resources as declaredResources } from '../../resources/index';
import type { ResourceDef } from '../domain/resource';
import { PolicyStore } from './access/policy-store';
import { ApiKeys } from './auth/api-keys';
import { callerReadAfter, installCallerContext } from './auth/caller';
import { installReadAfter } from './plugins/read-after';
import { authRoutes } from './auth/routes';
import { TokenService } from './auth/tokens';
import { clockedDb, clockedQueryable, systemClock, type Clock } from './db/clock';
import type { Replica } from './db/replica';
import type { Db } from './db/types';
import { crudRoutes } from './engine/crud';
import { liveResponse } from './contract/live-schemas';
import { declarationsVersion } from '../../resources/overlay';
import { transitionRoutes } from './engine/transition';
import { hooksByResource } from './hooks/index';
import { labelRoutes } from './labels/label-routes';
import { fileRoutes } from './files/routes';
import { importRoutes } from './import/routes';
import { signRoute } from './files/sign-route';
import { FileUrlSigner } from './files/signed-urls';
import { keepImportFilesPruned } from './files/retention';
import { localStorage } from './files/storage';
import { loadLocales } from './i18n';
import { liveRoutes } from './live/routes';
import { installAuth } from './plugins/auth';
import { installIdempotency } from './plugins/idempotency';
import { installContract } from './plugins/contract';
import { installKeyRateLimit, keyRateLimitFromEnv, type KeyRateLimit } from './plugins/key-rate-limit';
import { API_PREFIX, installEnvelope } from './plugins/envelope';
import { installSecurityHeaders } from './plugins/security';
import { installWeb } from './plugins/web';
import { Outbox } from './outbox/bus';
import { ROOT_DIR } from './paths';
import { apiKeyRoutes } from './routes/api-keys';
import { permissionRoutes } from './routes/permissions';
import { statisticsRoutes } from './routes/statistics';
import { financeRoutes } from './workflows/finance/index';
import { webhookRoutes } from './webhooks/routes';
import { Customizations } from './customize/registry';
import { customizationRoutes } from './customize/routes';
import { customRecordRoutes } from './customize/custom-records';
import { webhookDispatcher } from './webhooks/dispatcher';
import { billRunWorker } from './workflows/finance/bill-run-worker';
import { accrualKeeper } from './workflows/finance/accrual-keeper';
import { runWhileOpen } from './background';
import { inboundRoutes } from './workflows/inbounds';
import { scanRoutes } from './workflows/scans/scan-routes';
import { countRoutes } from './workflows/counts/count-routes';
import { outboundRoutes } from './workflows/outbounds';
import { returnRoutes } from './workflows/returns';
import { pickPlanRoutes } from './workflows/pick-plan';
import { orderRoutes } from './workflows/orders';
import { effects } from './workflows/effects/index';
import './types';

export interface AppOptions {
  db: Db;
  /** Token lifetime; tests shorten it to see 50014. */
  tokenTtlSeconds?: number;
  jwtSecret?: string;
  bodyLimit?: number;
  logger?: boolean | object;
  /** Built web app to serve at /, with SPA fallback; omitted in API tests. */
  webDir?: string;
  /** Uploaded files; defaults to a folder under the OS temp dir (tests). */
  filesDir?: string;
  /** The declarations to mount; tests pass an edited copy to show a schema change end to end. */
  resources?: ResourceDef[];
  /** Tests: an answer with a field its schema does not name is an error, not silently cut. */
  checkAnswers?: boolean;
  /** What time it is (`$now` in SQL); tests stand at a chosen instant, such as midnight in a warehouse's zone. */
  clock?: Clock;
  /** Calls per API key and window; API_KEY_RATE_LIMIT and API_KEY_RATE_WINDOW unless given (tests). */
  apiKeyRateLimit?: KeyRateLimit;
  /** A streaming replica of `db` for reads that may lag (DATABASE_REPLICA_URL; db/replica.ts). */
  replica?: Replica;
}

/**
 * The whole API as one Fastify instance over a database the caller opened and migrated, so tests
 * build a fresh one per file and production builds exactly the same thing.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: options.bodyLimit ?? 1024 * 1024 });
  // Each answer schema is compiled by its route's first answer instead of at start: compiling all
  // of them up front was a quarter of a warm restart, for routes a session may never call.
  // A route following the declarations (an admin's added field) compiles again once they change.
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    let serialize: ((data: unknown) => string) | undefined;
    let compiledAt = -1;
    return (data) => {
      if (compiledAt !== declarationsVersion()) {
        compiledAt = declarationsVersion();
        serialize = fastJsonStringify((liveResponse(method, url, httpStatus ?? '') ?? schema) as object);
      }
      return serialize!(data);
    };
  });
  const policy = new PolicyStore(options.db, readFileSync(join(ROOT_DIR, 'policies', 'model.conf'), 'utf8'));
  await policy.reload();
  const tokens = await TokenService.create(options.db, options.tokenTtlSeconds ?? 8 * 3600, options.jwtSecret);
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('db', clockedDb(options.db, clock));
  app.decorate('policy', policy);
  app.decorate('outbox', new Outbox(app.db));
  app.decorate('files', localStorage(options.filesDir ?? join(tmpdir(), 'logistics-files')));
  app.decorate('laggingReads', () => {
    const reader = options.replica?.reader(app.db, callerReadAfter());
    return !reader || reader === app.db ? app.db : clockedQueryable(reader, clock);
  });
  // Background work runs from the app's start to its close; route families only wake it.
  keepImportFilesPruned(app);
  const dispatcher = runWhileOpen(app, webhookDispatcher(app.db, app.outbox, clock, app.log, policy));
  const billRuns = runWhileOpen(app, billRunWorker(app.db, app.log));
  const accruals = runWhileOpen(app, accrualKeeper(app.db, app.log));
  installSecurityHeaders(app);
  installCallerContext(app);
  installReadAfter(app);

  installEnvelope(
    app,
    loadLocales(join(ROOT_DIR, 'locales')),
    options.webDir ? installWeb(app, options.webDir) : undefined,
  );
  installAuth(app, tokens, new ApiKeys(app.db, clock));
  installIdempotency(app);
  await installKeyRateLimit(app, options.apiKeyRateLimit ?? keyRateLimitFromEnv(process.env));

  // The customizations in force are installed before any route takes its schemas (issue 40).
  const customizations = new Customizations(options.db, () => policy.settled());
  await customizations.load();
  const stopHearing = customizations.watch();
  app.addHook('onClose', async () => {
    stopHearing();
    customizations.reset();
  });

  const resources = options.resources ?? declaredResources;
  await installContract(app, resources, options.checkAnswers, () => customizations.overlay);

  await app.register(
    async (api) => {
      authRoutes(api, tokens);
      statisticsRoutes(api);
      permissionRoutes(api, resources);
      inboundRoutes(api);
      scanRoutes(api);
      countRoutes(api);
      outboundRoutes(api);
      returnRoutes(api);
      pickPlanRoutes(api);
      labelRoutes(api);
      orderRoutes(api);
      financeRoutes(api, billRuns, accruals);
      apiKeyRoutes(api);
      webhookRoutes(api, dispatcher);
      customizationRoutes(api, customizations);
      customRecordRoutes(api);
      await liveRoutes(api);
      const signer = new FileUrlSigner(tokens.derivedKey('file-urls'), `${API_PREFIX}/oss/files`);
      await fileRoutes(api, app.files, signer, API_PREFIX);
      signRoute(api, signer, API_PREFIX);
      const byName = (name: string) => resources.find((r) => r.name === name);
      for (const r of resources) {
        crudRoutes(api, r, byName, hooksByResource[r.name]);
        importRoutes(api, r);
        transitionRoutes(api, r, effects, byName);
      }
    },
    { prefix: API_PREFIX },
  );
  return app;
}
