import pg from 'pg';
import { httpApi } from '../helpers/http-api';
import { startPostgres } from './postgres';
import { startServer } from './server-process';

type Record = (name: string, value: string) => void;

const ROWS = Number(process.env.BENCH_CUSTOMIZE_ROWS ?? 1_000_000);

/**
 * Issue 40 on PostgreSQL: an admin adds a filtered number field to organizations holding ROWS
 * rows, on one of two instances over the same database, while a writer keeps editing
 * organizations through the other. Figures: the apply's answer time, the longest write the writer
 * waited meanwhile (the lock the change held), and the time from the answer until the other
 * instance accepts the field in a filter.
 */
export async function customizeBench(record: Record) {
  const database = process.env.DATABASE_URL ? undefined : await startPostgres();
  const url = process.env.DATABASE_URL ?? database!.url;
  const [a, b] = [await startServer({ DATABASE_URL: url }), await startServer({ DATABASE_URL: url })];
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    const started = performance.now();
    await sql.query(
      `INSERT INTO organizations (organization_name, organization_code, level)
       SELECT 'Bench organization ' || g, 'BC' || g, 2 FROM generate_series(1, $1) g`,
      [ROWS],
    );
    await sql.query('ANALYZE organizations');
    record(
      `customize: ${ROWS.toLocaleString('en')} organizations seeded`,
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const [apiA, apiB] = [httpApi(a.url), httpApi(b.url)];
    const [tokenA, tokenB] = [await apiA.login('admin'), await apiB.login('admin')];
    const [{ id, version }] = (await apiB.ok('GET', '/organizations?pageSize=1&sort=id', tokenB)).rows;

    // A writer on the other instance: each edit's time, before, during and after the apply.
    let writing = true;
    let current = version as number;
    const waits: number[] = [];
    const writer = (async () => {
      while (writing) {
        const t0 = performance.now();
        const edited = await apiB.ok<{ version: number }>('PUT', `/organizations/${id}`, tokenB, {
          version: current,
          companyNameEN: `Edited ${waits.length}`,
        });
        current = edited.version;
        waits.push(performance.now() - t0);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = waits.length;
    const t0 = performance.now();
    const applied = await apiA.call('POST', '/system/customizations', tokenA, {
      resource: 'organizations',
      reason: 'Bench: credit control',
      changes: [
        {
          op: 'addField',
          name: 'creditLimit',
          type: 'number',
          labels: { en: 'Credit limit' },
          list: true,
          filter: true,
        },
      ],
    });
    const applyMs = performance.now() - t0;
    if (applied.code !== 20000) throw new Error(`apply: ${applied.message}`);
    const t1 = performance.now();
    for (;;) {
      const served = await apiB.call('GET', '/organizations?creditLimit_gte=0&pageSize=1', tokenB);
      if (served.code === 20000) break;
      if (performance.now() - t1 > 60_000) throw new Error('the second instance never served the field');
    }
    const otherMs = performance.now() - t1;
    writing = false;
    await writer;
    const during = waits.slice(before);
    record('customize: add a filtered field to 1M rows, apply answered (column + index)', `${applyMs.toFixed(0)} ms`);
    record('customize: longest concurrent write while applying (lock held)', `${Math.max(...during).toFixed(0)} ms`);
    record(
      'customize: writes meanwhile, median',
      `${during.sort((x, y) => x - y)[Math.floor(during.length / 2)].toFixed(0)} ms`,
    );
    record('customize: second instance serves the field after the answer', `${otherMs.toFixed(0)} ms`);
  } finally {
    await sql.end();
    await Promise.all([a.stop(), b.stop()]);
    database?.stop();
  }
}
