import { createRequire } from 'node:module';
import pg from 'pg';

/** The columns of a statement's answer as pg's Result holds them once described. */
interface Columns {
  fields: unknown[];
  parsers: unknown[];
  empty: Record<string, null>;
}

/** pg's Query and Result as this file reaches into them (pg 8's lib/query.js and lib/result.js). */
interface QueryInternals {
  name?: string;
  text: string;
  values: unknown[];
  types?: unknown;
  portal: string;
  rows?: number;
  binary?: boolean;
  _accumulateRows: unknown;
  _result: { fields: unknown[]; _parsers: unknown[]; _prebuiltEmptyResultObject: Record<string, null> };
  handleError(error: unknown, connection: Connection): void;
  hasBeenParsed(connection: Connection): boolean;
  _getRows(connection: Connection, rows: number | undefined): void;
}

interface Connection {
  parse(message: { text: string; name?: string; types?: unknown }): void;
  bind(message: Record<string, unknown>): void;
  close(message: { type: 'S'; name?: string }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: unknown };

const pgQuery = pg.Query.prototype as unknown as {
  handleRowDescription(message: unknown): void;
  prepare(connection: Connection): void;
};
const describedBy = pgQuery.handleRowDescription;
const prepareAsPg = pgQuery.prepare;

/**
 * A named statement that asks for its answer's columns once. pg sends Describe with every run of
 * a prepared statement and builds the columns' parsers again from the RowDescription that comes
 * back: a tenth of a record read's CPU in the server (issue 31's profile), for columns a prepared
 * statement cannot change (PostgreSQL refuses to run one whose result type changed). The first run
 * is described as pg does it; later runs, on any connection, bind and execute with the columns kept.
 */
class KnownColumnsQuery extends pg.Query {
  /** By statement name: one database's (statement-names.ts names each text per database, for all its connections). */
  known!: Map<string, Columns>;

  handleRowDescription(message: unknown) {
    const self = this as unknown as QueryInternals;
    describedBy.call(this, message);
    if (self.name && !this.known.has(self.name))
      this.known.set(self.name, {
        fields: self._result.fields,
        parsers: self._result._parsers,
        empty: self._result._prebuiltEmptyResultObject,
      });
  }

  prepare(connection: Connection) {
    const self = this as unknown as QueryInternals;
    const columns = self.name ? this.known.get(self.name) : undefined;
    if (!columns) return prepareAsPg.call(this, connection);
    // pg's own prepare (lib/query.js), less the Describe.
    if (!self.hasBeenParsed(connection)) {
      connection.parse({ text: self.text, name: self.name, types: self.types });
      connection.submittedNamedStatements[self.name!] = self.text;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    self._result.fields = columns.fields;
    self._result._parsers = columns.parsers;
    self._result._prebuiltEmptyResultObject = columns.empty;
    self._accumulateRows = true;
    self._getRows(connection, self.rows);
  }
}

/**
 * Whether pg still has what KnownColumnsQuery overrides and calls (pg 8's lib/query.js and
 * lib/result.js, pinned in package.json): a minor release renaming one would break every
 * statement silently, so it is checked once at start instead.
 */
export function pgInternalsPresent() {
  const query = new pg.Query('SELECT 1', []) as unknown as Partial<QueryInternals> & Record<string, unknown>;
  const own = pg.Query.prototype as unknown as Record<string, unknown>;
  return (
    typeof prepareValue === 'function' &&
    ['handleRowDescription', 'prepare', 'hasBeenParsed', '_getRows', 'handleError'].every(
      (member) => typeof own[member] === 'function',
    ) &&
    'portal' in query &&
    Boolean(query._result) &&
    ['fields', '_parsers', '_prebuiltEmptyResultObject'].every((member) => member in query._result!)
  );
}

/**
 * Makes the statements of one database, a Query from its text, named afterwards: given a config
 * object, pg copies it property by property (`cloneQueryConfig`, with descriptors), 12 µs of a
 * record read's CPU in issue 31's profile. A named one keeps its columns among that database's.
 * Without the internals it needs, statements are pg's own named ones (described on every run).
 */
export function knownColumnsQueries() {
  const known = new Map<string, Columns>();
  const supported = pgInternalsPresent();
  if (!supported)
    console.warn(
      'pg no longer has the members pg-known-columns.ts relies on (its version is pinned in package.json): statements are described on every run, correct but slower.',
    );
  return (sql: string, params: unknown[], name: string | undefined): pg.Query => {
    if (!name) return new pg.Query(sql, params);
    if (!supported) return new pg.Query({ text: sql, values: params, name });
    return Object.assign(new KnownColumnsQuery(sql, params), { name, known });
  };
}
