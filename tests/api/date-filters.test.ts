import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/**
 * Date and date-time filters (issue 25): every list refuses a value that is no day or time with a
 * 40001 naming the parameter, instead of handing it to PostgreSQL (the audit trail answered 500 for
 * "2026"), and a real day filters.
 */
let admin: string;
type Parameter = { name: string; in: string; schema?: { format?: string } };
let dateParams: { path: string; name: string; format: string }[];

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, { get?: { parameters?: Parameter[] } }>;
  };
  dateParams = Object.entries(doc.paths)
    .filter(([path]) => !path.includes('{'))
    .flatMap(([path, ops]) =>
      (ops.get?.parameters ?? [])
        .filter((p) => p.in === 'query' && (p.schema?.format === 'date' || p.schema?.format === 'date-time'))
        .map((p) => ({ path: path.replace(/^\/api\/1\.0/, ''), name: p.name, format: p.schema!.format! })),
    );
}, 120_000);

describe('date filters', () => {
  it('are published for the lists that filter by a day, the audit trail among them', () => {
    const names = dateParams.map((p) => `${p.path}?${p.name}`);
    expect(names).toContain('/system/audit?at_gte');
    expect(names).toContain('/finance/expenses?expenseDate_lte');
    expect(names).toContain('/organizations?startDate_gte');
  });

  it('refuse a value that is no day or time on every list, naming the parameter, in the caller language', async () => {
    const bad = ['2026', '2026-02-30', '2026-13-01', '20261101', 'tomorrow', '2026-11-01T25:00', "2026-11-01'--"];
    const wrong: string[] = [];
    for (const { path, name } of dateParams)
      for (const value of bad) {
        const reply = await api.call('GET', `${path}?${name}=${encodeURIComponent(value)}`, {
          token: admin,
          lang: 'zh',
        });
        const field = reply.data?.errors?.[0]?.field;
        if (reply.status !== 400 || reply.code !== 40001 || field !== name || !/日期/.test(reply.message))
          wrong.push(`${path}?${name}=${value} -> ${reply.status} ${reply.code} ${field} ${reply.message}`);
      }
    expect(dateParams.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('filter a date field by an inclusive range of days', async () => {
    for (const [code, startDate] of [
      ['DF1', '2031-03-01'],
      ['DF2', '2031-03-02'],
      ['DF3', '2031-03-03'],
    ]) {
      const made = await api.call('POST', '/organizations', {
        token: admin,
        body: { organizationName: `Date filter ${code}`, organizationCode: code, level: 2, startDate },
      });
      expect(made.code).toBe(20000);
    }
    const range = await api.call(
      'GET',
      '/organizations?startDate_gte=2031-03-02&startDate_lte=2031-03-03&sort=startDate',
      {
        token: admin,
      },
    );
    expect(range.data.rows.map((r: { organizationCode: string }) => r.organizationCode)).toEqual(['DF2', 'DF3']);
  });

  it('take a day, or a time with its zone, on date-time fields', async () => {
    const all = await api.call('GET', '/system/audit?pageSize=1', { token: admin });
    expect(all.data.total).toBeGreaterThan(0);
    const newest = (await api.call('GET', '/system/audit?pageSize=1&sort=-at', { token: admin })).data.rows[0].at;
    const since = await api.call('GET', `/system/audit?at_gte=${encodeURIComponent(newest)}`, { token: admin });
    expect(since.data.total).toBeGreaterThan(0);
    expect(since.data.total).toBeLessThan(all.data.total);
    const future = await api.call('GET', '/system/audit?at_gte=2999-01-01T00:00:00%2B08:00', { token: admin });
    expect(future).toMatchObject({ code: 20000, data: { total: 0 } });
    const byDay = await api.call('GET', '/system/audit?at_lte=2000-01-01', { token: admin });
    expect(byDay).toMatchObject({ code: 20000, data: { total: 0 } });
  });
});
