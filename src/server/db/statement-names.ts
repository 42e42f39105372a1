/** How many statements are kept prepared per connection: the engine's shapes and the workflows' own. */
const PREPARED = 2_000;

/**
 * A name for each statement text with parameters, so each connection parses it once and then
 * only binds (the engine's reads are a few shapes asked thousands of times). Past PREPARED texts
 * the others go unnamed (undefined), so a stream of one-off texts cannot grow the database's
 * memory. Both drivers prepare by it: db/postgres.ts and db/pglite-prepared.ts.
 */
export function statementNames() {
  const names = new Map<string, string>();
  return (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < PREPARED) names.set(sql, (name = `q${names.size + 1}`));
    return name;
  };
}
