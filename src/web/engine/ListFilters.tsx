import { useState } from 'react';
import { Badge, Button, Form, Grid, Input, InputNumber, Select, Space, type FormProps } from 'antd';
import { DownOutlined, FilterOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { getDefaultFilter } from '@refinedev/antd';
import type { CrudFilter, CrudFilters } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { enumLabel, fieldLabel, filterFields } from './fields';
import { RefSelect } from './RefSelect';
import { DateRangeFilter, isDateField, rangeBounds, rangeOf, type DayRange } from './DateRangeFilter';

export type FilterValues = Record<string, unknown>;

/** Filters shown before 'More' on a wide screen: one row beside the search box. */
const FIRST_FILTERS = 3;

/** The form item of a date range: one picker for both ends. */
const rangeName = (field: string) => `${field}_range`;

/** Search form values -> Refine filters: q, `<field>` equality, `<field>_gte` / `<field>_lte` ranges. */
export const toCrudFilters = (def: ResourceDef, values: FilterValues): CrudFilters => {
  const out: CrudFilter[] = [{ field: 'q', operator: 'eq', value: values.q || undefined }];
  for (const [field, schema] of filterFields(def)) {
    if (schema['x-filter'] === 'range' && isDateField(schema)) {
      const [gte, lte] = rangeBounds(schema, values[rangeName(field)] as DayRange | undefined);
      out.push({ field, operator: 'gte', value: gte }, { field, operator: 'lte', value: lte });
    } else if (schema['x-filter'] === 'range') {
      out.push({ field, operator: 'gte', value: values[`${field}_gte`] ?? undefined });
      out.push({ field, operator: 'lte', value: values[`${field}_lte`] ?? undefined });
    } else out.push({ field, operator: 'eq', value: values[field] ?? undefined });
  }
  return out.filter((f) => 'value' in f && f.value !== undefined && f.value !== '');
};

/** The current filters (from the URL) as the form's initial values. */
export const filterFormValues = (def: ResourceDef, filters: CrudFilters): FilterValues => {
  const values: FilterValues = { q: getDefaultFilter('q', filters, 'eq') };
  for (const [field, schema] of filterFields(def)) {
    if (schema['x-filter'] === 'range' && isDateField(schema))
      values[rangeName(field)] = rangeOf(
        getDefaultFilter(field, filters, 'gte'),
        getDefaultFilter(field, filters, 'lte'),
      );
    else if (schema['x-filter'] === 'range') {
      values[`${field}_gte`] = getDefaultFilter(field, filters, 'gte');
      values[`${field}_lte`] = getDefaultFilter(field, filters, 'lte');
    } else {
      const v = getDefaultFilter(field, filters, 'eq');
      // Values come back from the URL as strings; numeric enums and ids compare as numbers.
      values[field] =
        v !== undefined && (schema.type === 'integer' || schema.type === 'number') && v !== '' ? Number(v) : v;
    }
  }
  return values;
};

/**
 * The search box and the x-filter inputs above a generated list. On a phone the filters fold behind
 * a button (with the number in use), so the first rows are on the first screen.
 */
export const ListFilters = ({
  def,
  formProps,
  filters,
}: {
  def: ResourceDef;
  formProps: FormProps;
  filters: CrudFilters;
}) => {
  const { t } = useTranslation();
  const [own] = Form.useForm();
  const form = formProps.form ?? own;
  const phone = !Grid.useBreakpoint().md;
  // The first filters show; the rest wait behind a toggle (on a phone all of them), open from
  // the start when one of those is in use (a dashboard link to a filtered list).
  const shownFirst = phone ? 0 : FIRST_FILTERS;
  const fields = filterFields(def);
  const used = toCrudFilters(def, filterFormValues(def, filters)).flatMap((f) =>
    'field' in f && f.field !== 'q' ? [f.field] : [],
  );
  const inUse = used.length;
  const [open, setOpen] = useState(() => fields.slice(shownFirst).some(([f]) => used.includes(f)));
  return (
    <Form
      {...formProps}
      form={form}
      layout="inline"
      initialValues={filterFormValues(def, filters)}
      style={{ rowGap: phone ? 8 : 12, marginBottom: phone ? 8 : 16 }}
      data-testid="list-filters"
    >
      <Form.Item name="q">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('table.searchPlaceholder')}
          style={{ width: phone ? 180 : 220 }}
          data-testid="filter-q"
        />
      </Form.Item>
      {phone && fields.length > 0 && (
        <Form.Item>
          <Badge count={inUse} size="small">
            <Button
              icon={<FilterOutlined />}
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              data-testid="filters-toggle"
            >
              {t('engine.filters')}
            </Button>
          </Badge>
        </Form.Item>
      )}
      {fields.map(([field, schema], index) => {
        const label = fieldLabel(def, field, t);
        const folded = !open && index >= shownFirst;
        if (schema['x-filter'] === 'range' && isDateField(schema))
          return (
            <Form.Item key={field} name={rangeName(field)} label={label} hidden={folded}>
              <DateRangeFilter testId={`filter-${field}`} />
            </Form.Item>
          );
        if (schema['x-filter'] === 'range') {
          return (
            <Form.Item key={field} label={label} hidden={folded} style={{ marginInlineEnd: 16 }}>
              <Space.Compact>
                <Form.Item name={`${field}_gte`} noStyle>
                  <InputNumber
                    placeholder={t('table.from')}
                    style={{ width: 90 }}
                    data-testid={`filter-${field}-gte`}
                  />
                </Form.Item>
                <Form.Item name={`${field}_lte`} noStyle>
                  <InputNumber placeholder={t('table.to')} style={{ width: 90 }} data-testid={`filter-${field}-lte`} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          );
        }
        let input;
        if (schema['x-ref'])
          input = <RefSelect resource={schema['x-ref']} placeholder={t('table.all')} style={{ width: 180 }} />;
        else if (schema.enum) {
          const options = schema.enum.map((v) => ({ value: v, label: enumLabel(schema, v, t) }));
          input = (
            <Select
              allowClear
              options={options}
              placeholder={t('table.all')}
              style={{ width: 140 }}
              data-testid={`filter-${field}`}
            />
          );
        } else input = <Input allowClear placeholder={label} style={{ width: 140 }} data-testid={`filter-${field}`} />;
        return (
          <Form.Item key={field} name={field} label={label} hidden={folded}>
            {input}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-submit">
            {t('buttons.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              for (const key of Object.keys(form.getFieldsValue())) form.setFieldValue(key, undefined);
              form.submit();
            }}
          >
            {t('buttons.reset')}
          </Button>
          {!phone && fields.length > FIRST_FILTERS && (
            <Button
              type="link"
              icon={open ? <UpOutlined /> : <DownOutlined />}
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              data-testid="filters-more"
            >
              {t(open ? 'engine.fewerFilters' : 'engine.moreFilters')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
};
