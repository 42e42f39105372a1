import type { BaseRecord } from '@refinedev/core';
import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { footerSummary } from '../../src/web/engine/footer';

const t = ((key: string) => (key.startsWith('enums.currency.') ? `cur${key.slice(-1)}` : key)) as unknown as TFunction;
const expenses = resourceByName('expenses')!;
const lots = resourceByName('lots')!;

/** The footer's cells as text, rendered in a table as antd lays it out. */
const cells = (summary: ReturnType<typeof footerSummary>, rows: BaseRecord[]) =>
  [
    ...renderToStaticMarkup(
      createElement(Table<BaseRecord>, { dataSource: rows, rowKey: 'id', columns: [], summary, pagination: false }),
    ).matchAll(/<td[^>]*ant-table-cell[^>]*>(.*?)<\/td>/g),
  ]
    .map((m) => m[1])
    .slice(-3);

describe("a list's footer", () => {
  it("shows the server's totals over every row, not the page's, money per currency", () => {
    const columns = [{ key: 'reason' }, { key: 'amount' }, { key: 'quantity' }];
    const page = [{ id: 1, amount: 1, currency: 1, quantity: 1 }];
    const summary = footerSummary(expenses, columns, t, [
      { field: 'amount', currency: '1', total: 7.5 },
      { field: 'amount', currency: '2', total: 30.9 },
    ]);
    expect(cells(summary, page)).toEqual(['engine.total', '7.50 cur1 / 30.90 cur2', '-']);
  });

  it('adds up the rows it has when the list is whole (no served totals)', () => {
    const columns = [{ key: 'skuId' }, { key: 'pieces' }, { key: 'pallets' }];
    const rows = [
      { id: 1, pieces: 4, pallets: 1 },
      { id: 2, pieces: 6, pallets: 2 },
    ];
    expect(cells(footerSummary(lots, columns, t), rows)).toEqual(['engine.total', '10', '3']);
    expect(cells(footerSummary(lots, columns, t, [{ field: 'pieces', currency: null, total: 12345 }]), rows)).toEqual([
      'engine.total',
      '12345',
      '-',
    ]);
  });
});
