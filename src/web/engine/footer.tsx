import type { BaseRecord } from '@refinedev/core';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { sumDecimals } from '../../domain/money';
import type { ResourceDef } from '../../domain/resource';

/**
 * SPEC 5 footers: the columns a schema marks `x-sum` are totalled over the rows shown (money per
 * currency, never across currencies, with exact decimals); every other column shows '-', and so
 * does every column when there are no rows.
 */
export const footerSummary = (def: ResourceDef, columns: ColumnsType<BaseRecord>, t: TFunction) => {
  const hasSums = Object.values(def.schema.properties).some((s) => s['x-sum']);
  if (!hasSums) return undefined;
  const total = (field: string, rows: readonly BaseRecord[]) => {
    const schema = def.schema.properties[field];
    if (!schema?.['x-sum'] || !rows.length) return '-';
    const values = rows.map((r) => r[field]).filter((v) => typeof v === 'number') as number[];
    if (!values.length) return '-';
    const currencyField = schema['x-money'];
    if (!currencyField)
      return schema.type === 'integer' ? String(values.reduce((a, b) => a + b, 0)) : sumDecimals(values);
    const byCurrency = new Map<unknown, number[]>();
    for (const r of rows)
      if (typeof r[field] === 'number')
        byCurrency.set(r[currencyField], [...(byCurrency.get(r[currencyField]) ?? []), r[field] as number]);
    return [...byCurrency]
      .map(([currency, list]) => `${sumDecimals(list)} ${t(`enums.currency.${currency}`)}`)
      .join(' / ');
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
