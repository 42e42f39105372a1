import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { statementNames } from './statement-names';

const { serialize } = protocol;

/**
 * What this file reaches past PGlite's public API for: its two locks (a read outside a transaction
 * must wait for an open one, PGlite's single connection would otherwise run it inside), the raw
 * protocol, and its type serializers and parsers. A release that renames one would break the
 * prepared path silently; checked at start instead, falling back to PGlite's own query().
 */
export const pgliteInternalsPresent = (pg: PGlite) => {
  const own = pg as unknown as Record<string, unknown>;
  return (
    typeof own._runExclusiveQuery === 'function' &&
    typeof own._runExclusiveTransaction === 'function' &&
    typeof pg.execProtocol === 'function' &&
    typeof pg.serializers === 'object' &&
    typeof pg.parsers === 'object' &&
    typeof parse.parseDescribeStatementResults === 'function' &&
    typeof parse.parseResults === 'function'
  );
};
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** What follows a Bind every time: its rows and the end of the exchange. */
const RUN = Buffer.concat([serialize.execute({}), serialize.sync()]);

/**
 * Statements with parameters, each parsed and described once and then sent as one message: Bind,
 * Execute, Sync. PGlite's own query() parses the text again every time and makes five calls into
 * WebAssembly for it (Parse, Describe, Bind, Describe, Execute): a record read took 310-430 µs so,
 * 175-185 µs prepared (issue 31). The columns come from the statement's description, kept: reading
 * a row description again for each run (a string decoded per column) was a tenth of a record read.
 * Parameters are serialized by the types the statement declares, as PGlite's query() does. A text
 * past statementNames' limit goes PGlite's own way (undefined here).
 */
export function preparedStatements(pg: PGlite) {
  if (!pgliteInternalsPresent(pg)) {
    console.warn(
      'PGlite no longer has the members pglite-prepared.ts relies on (its version is pinned in package.json): every statement goes through its own query(), correct but slower.',
    );
    return async <T>(): Promise<T[] | undefined> => undefined;
  }
  const named = statementNames();
  const described = new Map<string, { types: number[]; columns: BackendMessage[] }>();

  const prepare = async (text: string, syncToFs: boolean) => {
    const name = named(text);
    if (!name) return undefined;
    const known = described.get(name);
    if (known) return { name, ...known };
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs },
    );
    const description = {
      types: parse.parseDescribeStatementResults(messages),
      // No row description for a statement that answers no rows (noData).
      columns: messages.filter((message) => message.name === 'rowDescription'),
    };
    described.set(name, description);
    return { name, ...description };
  };

  /** The rows of `text` run with `params`; inside a transaction (`inTransaction`) nothing is synced to disk. */
  return async <T>(text: string, params: unknown[], inTransaction: boolean): Promise<T[] | undefined> => {
    const run = async () => {
      const statement = await prepare(text, !inTransaction);
      if (!statement) return undefined;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[statement.types[i]];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await pg.execProtocol(
        Buffer.concat([serialize.bind({ statement: statement.name, values }), RUN]),
        {
          syncToFs: !inTransaction,
        },
      );
      return (parse.parseResults([...statement.columns, ...messages], pg.parsers)[0]?.rows ?? []) as T[];
    };
    // The locks PGlite's own query() takes: a transaction's statements hold the first already.
    return inTransaction ? pg._runExclusiveQuery(run) : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
  };
}
