import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { cachedRead, type Dep } from './read-cache';
import { fieldExpr, moneyOut } from './sql';

/** `sums=1` on a list: the totals of its x-sum columns over every row the filters keep, not one page. */
export const SUMS_PARAM = 'sums';
const SUMS = { name: 'sums', max: 2_000 };

export interface Sum {
  field: string;
  /** The currency of a money field's total (x-money): amounts are never added across currencies. */
  currency: string | null;
  /** Summed exactly in SQL; money rounded to the cent there, as every amount answered is (moneyOut). */
  total: number;
}

export const sumFields = (r: ResourceDef) =>
  Object.entries(r.schema.properties)
    .filter(([, s]) => s['x-sum'])
    .map(([field, s]) => ({ field, currency: s['x-money'] }));

/**
 * The x-sum totals of `FROM <from> WHERE ...` in one statement: every money field grouped by its
 * currency, the others over all rows (a set of no rows sums to 0). Kept like a list's total until
 * a write to the rows it depends on, `deps` (read-cache.ts).
 */
export async function sumRows(
  q: Queryable,
  r: ResourceDef,
  from: string,
  where: string,
  params: unknown[],
  deps?: Dep[],
): Promise<Sum[]> {
  const fields = sumFields(r);
  if (!fields.length) return [];
  const currencies = [...new Set(fields.flatMap((f) => (f.currency ? [f.currency] : [])))];
  // One grouping set per currency field and one for everything else: a single scan.
  const sets = [...currencies.map((c) => `(${fieldExpr(r, c)})`), '()'].join(', ');
  const grouping = currencies.map((c) => `GROUPING(${fieldExpr(r, c)}) = 0 AS "by_${c}"`);
  const sql = `SELECT ${[
    ...currencies.map((c) => `${fieldExpr(r, c)}::text AS "cur_${c}"`),
    ...grouping,
    ...fields.map((f, i) => {
      const sum = `coalesce(sum(${fieldExpr(r, f.field)}), 0)`;
      return `${f.currency ? moneyOut(sum) : `${sum}::float8`} AS s${i}`;
    }),
  ].join(', ')} FROM ${from} ${where} GROUP BY GROUPING SETS (${sets})`;
  // A computed column may read other tables or the clock: its sums are read every time.
  const computed = fields.some((f) => r.schema.properties[f.field]['x-sql']);
  return cachedRead(q, SUMS, `${sql}\u0000${JSON.stringify(params)}`, computed ? undefined : deps, async () => {
    const rows = await q.query<Record<string, string | number | boolean | null>>(sql, params);
    const out: Sum[] = [];
    for (const row of rows) {
      const currency = currencies.find((c) => row[`by_${c}`]);
      fields.forEach((f, i) => {
        if (currency ? f.currency !== currency : f.currency) return;
        // A group of rows without a currency holds no amount worth showing.
        if (currency && row[`cur_${currency}`] === null) return;
        out.push({
          field: f.field,
          currency: currency ? (row[`cur_${currency}`] as string) : null,
          total: row[`s${i}`] as number,
        });
      });
    }
    // In the declaration's order, a money column's currencies in order.
    const order = fields.map((f) => f.field);
    return out.sort(
      (a, b) => order.indexOf(a.field) - order.indexOf(b.field) || (a.currency ?? '').localeCompare(b.currency ?? ''),
    );
  });
}
