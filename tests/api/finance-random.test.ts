import { beforeAll, describe, expect, it } from 'vitest';
import { lotStorage, sliceTotal, type Segment } from '../../src/domain/finance/pricing';
import { sumDecimals } from '../../src/domain/money';
import { fileApi } from '../helpers/api';
import { demoLines } from '../helpers/demo';
import { stockMoves } from '../helpers/finance';

let admin: string;
let warehouse: number;
let customers: { org: number; sku: number }[];

/** A small seeded generator: the same run every time, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  warehouse = (await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin })).data.rows[0].id;
  const orgs = (await api.call('GET', '/organizations?sort=id&pageSize=3', { token: admin })).data.rows;
  customers = [];
  for (const o of orgs)
    customers.push({
      org: o.id,
      sku: (await api.call('GET', `/products/skus?organizationId=${o.id}&sort=id&pageSize=1`, { token: admin })).data
        .rows[0].id,
    });
  const model = await api.call('POST', '/finance/feeModels', {
    token: admin,
    body: {
      name: 'Default',
      warehouseId: warehouse,
      currency: 2,
      validFrom: '2025-01-01',
      minimumCharge: 40,
      lines: demoLines,
    },
  });
  expect(model.code, model.message).toBe(20000);
}, 180_000);

const month = (m: number) => {
  const from = `2026-${String(m).padStart(2, '0')}-01`;
  const to = new Date(Date.UTC(2026, m, 0)).toISOString().slice(0, 10);
  return { periodFrom: from, periodTo: to };
};
const dayIn = (next: () => number) =>
  new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 330) * 86_400_000).toISOString().slice(0, 10);

describe('a random run of events and bills', () => {
  it('never bills an expense or a pallet-day twice, and prices storage as the pure rules do', async () => {
    const next = random(16);
    const moves = stockMoves(api, admin, warehouse);
    const stock = new Map<number, number>();
    let events = 0;
    let bills = 0;
    for (let round = 0; round < 1100; round++) {
      const c = customers[Math.floor(next() * customers.length)];
      const roll = next();
      if (roll < 0.03) {
        await moves.receive(c.org, c.sku, 10, 1 + Math.floor(next() * 6), dayIn(next));
        stock.set(c.sku, (stock.get(c.sku) ?? 0) + 10);
      } else if (roll < 0.045 && (stock.get(c.sku) ?? 0) >= 10) {
        await moves.ship(c.org, c.sku, 10, dayIn(next));
        stock.set(c.sku, stock.get(c.sku)! - 10);
      } else if (roll < 0.93) {
        const expense = await api.call('POST', '/finance/expenses', {
          token: admin,
          body: {
            organizationId: c.org,
            warehouseId: warehouse,
            subType: 302,
            unit: 3,
            quantity: 1 + Math.floor(next() * 5),
            unitPrice: 2.35,
            currency: 2,
            expenseDate: dayIn(next),
            reason: `random ${round}`,
          },
        });
        expect(expense.code, expense.message).toBe(20000);
        if (next() < 0.05)
          await api.call('POST', `/finance/expenses/${expense.data.id}/void`, {
            token: admin,
            body: { reason: 'random' },
          });
      } else {
        const bill = await api.call('POST', '/finance/bills', {
          token: admin,
          body: { organizationId: c.org, warehouseId: warehouse, ...month(1 + Math.floor(next() * 11)) },
        });
        const [{ overlapping }] = await api.db.query<{ overlapping: number }>(
          'SELECT count(*)::int AS overlapping FROM bills WHERE organization_id = $1 AND status <> 1 AND id <> $2',
          [c.org, bill.data?.id ?? 0],
        );
        if (bill.code === 40901) {
          expect(overlapping).toBeGreaterThan(0);
          continue;
        }
        expect(bill.code, bill.message).toBe(20000);
        bills++;
        const fate = next();
        if (fate < 0.15) await api.call('POST', `/finance/bills/${bill.data.id}/cancel`, { token: admin, body: {} });
        else if (fate < 0.85) {
          if (fate < 0.3)
            await api.call('POST', `/finance/bills/${bill.data.id}/regenerate`, { token: admin, body: {} });
          expect(
            (await api.call('POST', `/finance/bills/${bill.data.id}/issue`, { token: admin, body: {} })).code,
          ).toBe(20000);
          if (fate > 0.75) await api.call('POST', `/finance/bills/${bill.data.id}/cancel`, { token: admin, body: {} });
        }
        continue;
      }
      events++;
    }
    expect(events).toBeGreaterThan(1000);
    expect(bills).toBeGreaterThan(20);

    const twice = await api.db.query(
      `SELECT l.expense_id FROM bill_lines l JOIN bills b ON b.id = l.bill_id WHERE b.status <> 1 AND l.expense_id IS NOT NULL GROUP BY l.expense_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const strays = await api.db.query(
      `SELECT e.id FROM expenses e LEFT JOIN bills b ON b.id = e.bill_id
        WHERE (e.status = 3 AND (b.status IS NULL OR b.status NOT IN (3, 6))) OR (e.bill_id IS NOT NULL AND b.status = 1) OR (e.status = 1 AND e.bill_id IS NOT NULL)`,
    );
    expect(strays).toEqual([]);
    const palletDaysTwice = await api.db.query(
      `SELECT a.lot_id FROM bill_storage_days a JOIN bills ba ON ba.id = a.bill_id AND ba.status <> 1
         JOIN bill_storage_days b ON b.lot_id = a.lot_id AND b.id > a.id AND a.day_from <= b.day_to AND b.day_from <= a.day_to
         JOIN bills bb ON bb.id = b.bill_id AND bb.status <> 1 LIMIT 5`,
    );
    expect(palletDaysTwice).toEqual([]);

    // Storage of every live bill, priced again by the pure rules from the lots and takes there were
    // when it was priced (a later event dated inside an issued period belongs to no bill's storage).
    const segments = demoLines[0].segments as Segment[];
    const live = await api.db.query<{
      id: number;
      organization_id: number;
      period_from: string;
      period_to: string;
      storage_total: string;
      priced_at: Date;
    }>(
      `SELECT b.id, b.organization_id, b.period_from, b.period_to, b.storage_total::text,
              (SELECT max(a.at) FROM audit_log a WHERE a.entity = 'bills' AND a.entity_id = b.id::text AND a.action IN ('generate', 'regenerate')) AS priced_at
         FROM bills b WHERE b.status <> 1`,
    );
    expect(live.length).toBeGreaterThan(5);
    for (const bill of live) {
      const lots = await api.db.query<{ id: number; inbound_date: string; pallets_in: number }>(
        `SELECT l.id, l.inbound_date, l.pallets_in FROM lots l JOIN inbounds i ON i.id = l.inbound_id AND i.status = 6 WHERE l.organization_id = $1 AND l.warehouse_id = $2 AND l.created_at < $3`,
        [bill.organization_id, warehouse, bill.priced_at],
      );
      const takes = await api.db.query<{ lot_id: number; date: string; pallets: number }>(
        `SELECT t.lot_id, o.actual_date AS date, t.pallets FROM outbound_takes t JOIN outbounds o ON o.id = t.outbound_id AND o.status = 6 WHERE o.organization_id = $1 AND t.created_at < $2`,
        [bill.organization_id, bill.priced_at],
      );
      const expected = sumDecimals(
        lots.map((lot) =>
          sliceTotal(
            lotStorage(
              {
                inboundDate: lot.inbound_date,
                palletsIn: lot.pallets_in,
                takes: takes.filter((t) => t.lot_id === lot.id),
              },
              { from: bill.period_from, to: bill.period_to },
              segments,
            ),
          ),
        ),
      );
      expect(sumDecimals([bill.storage_total]), `bill ${bill.id}`).toBe(expected);
    }
  }, 600_000);
});
