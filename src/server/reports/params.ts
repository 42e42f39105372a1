import { isIsoDate } from '../../domain/iso-date';
import { INT4_MAX } from '../engine/sql';
import { validationError, type FieldProblem } from '../errors';

type Query = Record<string, unknown>;

/**
 * Reads a report's query string against what the report accepts: unknown fields, bad dates, bad ids
 * and unknown choices are one 40001 answer naming each field, so nothing odd reaches the SQL.
 */
export function readParams<const I extends string, const C extends Record<string, readonly string[]>>(
  query: Query,
  spec: { ints?: readonly I[]; dates?: readonly string[]; choices?: C; paging?: boolean },
) {
  const problems: FieldProblem[] = [];
  const ints: Partial<Record<I, number>> = {};
  const dates: Record<string, string | undefined> = {};
  const choices = {} as { [K in keyof C]?: C[K][number] };
  const known = new Set<string>([...(spec.ints ?? []), ...(spec.dates ?? []), ...Object.keys(spec.choices ?? {})]);
  if (spec.paging) known.add('pageIndex').add('pageSize');
  for (const [field, raw] of Object.entries(query)) {
    if (!known.has(field)) problems.push({ field, key: 'errors.unknownField', params: { field } });
    else if (typeof raw !== 'string') problems.push({ field, key: 'validation.string' });
  }
  const text = (field: string) =>
    typeof query[field] === 'string' && query[field] !== '' ? (query[field] as string) : undefined;
  for (const field of spec.ints ?? []) {
    const v = text(field);
    if (v === undefined) continue;
    if (/^[1-9]\d{0,9}$/.test(v) && Number(v) <= INT4_MAX) ints[field] = Number(v);
    else problems.push({ field, key: 'validation.integer' });
  }
  for (const field of spec.dates ?? []) {
    const v = text(field);
    if (v !== undefined && !isIsoDate(v)) problems.push({ field, key: 'validation.date' });
    else dates[field] = v;
  }
  for (const [field, allowed] of Object.entries(spec.choices ?? {})) {
    const v = text(field);
    if (v === undefined) continue;
    if (allowed.includes(v)) (choices as Record<string, string>)[field] = v;
    else problems.push({ field, key: 'validation.enum' });
  }
  let page = { index: 1, size: 20 };
  if (spec.paging) {
    const index = Number(text('pageIndex') ?? 1);
    const size = Number(text('pageSize') ?? 20);
    if (!Number.isInteger(index) || index < 1) problems.push({ field: 'pageIndex', key: 'errors.pageIndex' });
    if (!Number.isInteger(size) || size < 1 || size > 1000)
      problems.push({ field: 'pageSize', key: 'errors.pageSize', params: { max: 1000 } });
    page = { index, size };
  }
  if (problems.length) throw validationError(problems);
  return { ints, dates, choices, page };
}
