/**
 * What Casbin imports for matchers and loaders the browser never runs, in the browser build
 * (aliased in vite.config.ts): csv-parse for its CSV adapters (we hand it arrays:
 * src/domain/policy-adapter.ts), minimatch for globMatch and Node's Buffer for ipMatch (our model
 * calls neither: tests/unit/stand-ins.test.ts). They were 20 KB gzip of the dashboard's first load,
 * and csv-parse also needed a global Buffer before it could load.
 */
const absent = (what: string): never => {
  throw new Error(
    `${what} is left out of the browser build: the access model in policies/model.conf does not use it (src/web/stand-ins)`,
  );
};

/** csv-parse/sync's parse: Casbin's file and string adapters. */
export const parse = (): never => absent('CSV policy parsing (csv-parse)');

/** minimatch: Casbin's globMatch. */
export const minimatch = (): never => absent('globMatch (minimatch)');

/** Node's Buffer: Casbin's ipMatch. */
export class Buffer {
  constructor() {
    absent('ipMatch (Buffer)');
  }
}
