import { Button, Form, Input, InputNumber, Select, Space, type FormProps } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { getDefaultFilter } from '@refinedev/antd';
import type { CrudFilter, CrudFilters } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { enumLabel, fieldLabel, filterFields } from './fields';
import { RefSelect } from './RefSelect';

export type FilterValues = Record<string, unknown>;

/** Search form values -> Refine filters: q, `<field>` equality, `<field>_gte` / `<field>_lte` ranges. */
export const toCrudFilters = (def: ResourceDef, values: FilterValues): CrudFilters => {
  const out: CrudFilter[] = [{ field: 'q', operator: 'eq', value: values.q || undefined }];
  for (const [field, schema] of filterFields(def)) {
    if (schema['x-filter'] === 'range') {
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
    if (schema['x-filter'] === 'range') {
      values[`${field}_gte`] = getDefaultFilter(field, filters, 'gte');
      values[`${field}_lte`] = getDefaultFilter(field, filters, 'lte');
    } else {
      const v = getDefaultFilter(field, filters, 'eq');
      // Values come back from the URL as strings; numeric enums and ids compare as numbers.
      values[field] = v !== undefined && (schema.type === 'integer' || schema.type === 'number') && v !== '' ? Number(v) : v;
    }
  }
  return values;
};

/** The search box and the x-filter inputs above a generated list. */
export const ListFilters = ({ def, formProps, filters }: { def: ResourceDef; formProps: FormProps; filters: CrudFilters }) => {
  const { t } = useTranslation();
  const [own] = Form.useForm();
  const form = formProps.form ?? own;
  return (
    <Form {...formProps} form={form} layout="inline" initialValues={filterFormValues(def, filters)} style={{ rowGap: 12, marginBottom: 16 }} data-testid="list-filters">
      <Form.Item name="q">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('table.searchPlaceholder')} style={{ width: 220 }} data-testid="filter-q" />
      </Form.Item>
      {filterFields(def).map(([field, schema]) => {
        const label = fieldLabel(def, field, t);
        if (schema['x-filter'] === 'range') {
          return (
            <Form.Item key={field} label={label} style={{ marginInlineEnd: 16 }}>
              <Space.Compact>
                <Form.Item name={`${field}_gte`} noStyle>
                  <InputNumber placeholder={t('table.from')} style={{ width: 90 }} data-testid={`filter-${field}-gte`} />
                </Form.Item>
                <Form.Item name={`${field}_lte`} noStyle>
                  <InputNumber placeholder={t('table.to')} style={{ width: 90 }} data-testid={`filter-${field}-lte`} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          );
        }
        let input;
        if (schema['x-ref']) input = <RefSelect resource={schema['x-ref']} placeholder={t('table.all')} style={{ width: 180 }} />;
        else if (schema.enum) {
          const options = schema.enum.map((v) => ({ value: v, label: enumLabel(schema, v, t) }));
          input = <Select allowClear options={options} placeholder={t('table.all')} style={{ width: 140 }} data-testid={`filter-${field}`} />;
        } else input = <Input allowClear placeholder={label} style={{ width: 140 }} data-testid={`filter-${field}`} />;
        return (
          <Form.Item key={field} name={field} label={label}>
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
        </Space>
      </Form.Item>
    </Form>
  );
};
