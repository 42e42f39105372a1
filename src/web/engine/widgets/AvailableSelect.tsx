import { useList, useMany, type BaseRecord } from '@refinedev/core';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { recordLabel, type FieldSchema } from '../../../domain/resource';
import { servedLabels, type ServedLabels } from '../useRefLabels';

export interface Stock {
  /** The referenced resource the line stores (skus) and the stock rows' field holding it. */
  resource: string;
  rows: BaseRecord[];
  keyField: string;
  /** Stock rows can be read: the fields they are matched on are filled in. */
  ready: boolean;
  /** The stock rows have been read: a missing one means nothing available. */
  loaded: boolean;
  names: Map<string, string>;
  available: (value: unknown) => string;
}

/**
 * The stock rows of `x-available` (the inventory of the form's customer and warehouse), read once
 * for all lines, with the names of what they hold from the same answer. One page of the API's
 * maximum: a customer's SKUs in one warehouse.
 */
export const useAvailable = (
  spec: FieldSchema['x-available'],
  formData: Record<string, unknown> | undefined,
  target?: string,
): Stock | undefined => {
  const { i18n } = useTranslation();
  const values = (spec?.match ?? []).map((f) => formData?.[f]);
  const ready = !!spec && values.every((v) => v !== undefined && v !== null && v !== '');
  const { result, query } = useList({
    resource: spec?.resource ?? '',
    filters: (spec?.match ?? []).map((field, i) => ({ field, operator: 'eq' as const, value: values[i] })),
    pagination: { mode: 'off' },
    meta: { silent: true },
    queryOptions: { enabled: ready },
  });
  const stockDef = spec ? resourceByName(spec.resource) : undefined;
  if (!spec || !stockDef) return undefined;
  const keyField = Object.entries(stockDef.schema.properties).find(([, s]) => s['x-ref'] === target)?.[0] ?? 'skuId';
  const rows = ready ? (result?.data ?? []) : [];
  const names =
    servedLabels(stockDef, query.data?.labels as ServedLabels | undefined, i18n.language)[keyField] ??
    new Map<string, string>();
  const byKey = new Map(rows.map((r) => [String(r[keyField]), r]));
  return {
    resource: target ?? 'skus',
    rows,
    keyField,
    ready,
    loaded: ready && query.isSuccess,
    names,
    available: (value) =>
      value === undefined || value === null ? '' : String(byKey.get(String(value))?.[spec.field] ?? 0),
  };
};

interface Props {
  id: string;
  /** Its name for assistive technology: a line's cell has no label of its own. */
  label: string;
  stock: Stock;
  value?: number;
  onChange: (value: number | undefined) => void;
  autoFocus?: boolean;
  disabled?: boolean;
  status?: 'error' | 'warning';
}

/** A line's SKU chosen among what is in stock, each option with its available pieces; searchable by name. */
export const AvailableSelect = ({ id, label, stock, value, onChange, autoFocus, disabled, status }: Props) => {
  const { t, i18n } = useTranslation();
  const known = value === undefined || stock.rows.some((r) => String(r[stock.keyField]) === String(value));
  // A line whose SKU has nothing available any more still shows its name, never its id.
  const { result } = useMany({
    resource: stock.resource,
    ids: known ? [] : [String(value)],
    meta: { silent: true },
    queryOptions: { enabled: !known },
  });
  const def = resourceByName(stock.resource);
  const options = stock.rows.map((r) => {
    const key = r[stock.keyField] as number;
    return {
      value: key,
      label: `${stock.names.get(String(key)) ?? ''} · ${t('engine.lines.available')} ${stock.available(key)}`,
    };
  });
  if (!known && result?.data?.[0] && def)
    options.push({ value: value!, label: recordLabel(def, result.data[0], i18n.language) });
  return (
    <Select
      id={id}
      aria-label={label}
      showSearch
      allowClear
      optionFilterProp="label"
      options={options}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      autoFocus={autoFocus}
      disabled={disabled || !stock.ready}
      status={status}
      placeholder={stock.ready ? undefined : t('engine.lines.chooseFirst')}
      style={{ width: '100%' }}
    />
  );
};
