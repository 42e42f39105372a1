import type { BaseRecord } from '@refinedev/core';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { sumDecimals } from '../../domain/money';
import type { FieldSchema, ResourceDef } from '../../domain/resource';

/** A summed column over every row of a list, as its answer brings it with `sums=1` (server/engine/sums.ts). */
export interface ServedSum {
  field: string;
  /** A money column's currency; null for other columns. */
  currency: string | null;
  /** Summed exactly by the server; a money column's rounded to the cent. */
  total: number;
}

export const hasSums = (def: ResourceDef) => Object.values(def.schema.properties).some((s) => s['x-sum']);

/**
 * SPEC 5 footers: the columns a schema marks `x-sum` are totalled (money per currency, never across
 * currencies, with exact decimals); every other column shows '-', and so does every column when
 * there are no rows. A paged list's totals are the server's, over every row its filters keep
 * (`sums`); a list shown whole (a tree) adds up its rows.
 */
export const footerSummary = (def: ResourceDef, columns: ColumnsType<BaseRecord>, t: TFunction, sums?: ServedSum[]) => {
  if (!hasSums(def)) return undefined;
  const money = (amount: string, currency: unknown) => `${amount} ${t(`enums.currency.${currency}`)}`;
  const served = (field: string, schema: FieldSchema, all: ServedSum[]) => {
    const mine = all.filter((s) => s.field === field);
    if (!mine.length) return '-';
    if (schema['x-money']) return mine.map((s) => money(sumDecimals([s.total]), s.currency)).join(' / ');
    return schema.type === 'integer' ? String(mine[0].total) : sumDecimals([mine[0].total]);
  };
  const total = (field: string, rows: readonly BaseRecord[]) => {
    const schema = def.schema.properties[field];
    if (!schema?.['x-sum'] || !rows.length) return '-';
    if (sums) return served(field, schema, sums);
    const values = rows.map((r) => r[field]).filter((v) => typeof v === 'number') as number[];
    if (!values.length) return '-';
    const currencyField = schema['x-money'];
    if (!currencyField)
      return schema.type === 'integer' ? String(values.reduce((a, b) => a + b, 0)) : sumDecimals(values);
    const byCurrency = new Map<unknown, number[]>();
    for (const r of rows)
      if (typeof r[field] === 'number')
        byCurrency.set(r[currencyField], [...(byCurrency.get(r[currencyField]) ?? []), r[field] as number]);
    return [...byCurrency].map(([currency, list]) => money(sumDecimals(list), currency)).join(' / ');
  };
  return (rows: readonly BaseRecord[]) => (
    <Table.Summary.Row data-testid={`${def.name}-footer`}>
      {columns.map((column, index) => (
        <Table.Summary.Cell key={String(column.key ?? index)} index={index} align={index ? 'right' : undefined}>
          {index === 0 && !def.schema.properties[String(column.key)]?.['x-sum']
            ? t('engine.total')
            : total(String(column.key), rows)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
};
