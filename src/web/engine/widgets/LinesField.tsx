import { useState, type KeyboardEvent } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { Button, InputNumber, Select, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { removeLineColumn } from './remove-line-column';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';
import { RefSelect } from '../RefSelect';
import { AvailableSelect, useAvailable } from './AvailableSelect';
import type { FormContext } from './form-context';
import { dependsFilter, refFilters } from './RefWidget';

type Line = Record<string, unknown>;

const errorsAt = (errorSchema: FieldProps['errorSchema'], index: number, field: string): string[] =>
  ((errorSchema as Record<string, Record<string, { __errors?: string[] }>> | undefined)?.[index]?.[field]?.__errors ??
    []) as string[];

const isNumber = (s: FieldSchema) => s.type === 'integer' || s.type === 'number';

/**
 * The room a lookup cell (a line's SKU) is given where the table is too narrow for every column (a
 * phone): the table scrolls sideways in the form instead of widening the page. Wider screens share
 * out their room among the lookups.
 */
const LOOKUP_WIDTH = 160;

/**
 * x-lines as an editable table (ProForm's EditableProTable): one row per line, a searchable lookup
 * and number inputs in the cells, totals of the figures under them (unless `totals: false`), a
 * labelled button to add a line. Tab walks the cells in reading order; Enter in a figure adds a line
 * and puts the cursor in its first cell. A line lookup with `x-available` offers the stock of the
 * form's customer and warehouse and shows what is available beside the choice; the line's quantity
 * (its first required figure) is warned about as it is typed when the lines of that SKU together
 * ask for more than is available, before Submit refuses it.
 */
export const LinesField = ({
  formData,
  schema,
  uiSchema,
  onChange,
  fieldPathId,
  errorSchema,
  registry,
  disabled,
  readonly,
}: FieldProps) => {
  const { t } = useTranslation();
  const ctx = registry.formContext as FormContext | undefined;
  const lines = (Array.isArray(formData) ? formData : []) as Line[];
  const items = ((schema.items as { properties?: Record<string, FieldSchema> } | undefined)?.properties ??
    {}) as Record<string, FieldSchema>;
  const lineResource = String(uiSchema?.['ui:options']?.lineResource ?? ctx?.def.name ?? '');
  const fields = Object.entries(items);
  const stockField = fields.find(([, s]) => s['x-available'])?.[0];
  const stock = useAvailable(
    stockField ? items[stockField]['x-available'] : undefined,
    ctx?.formData,
    stockField ? items[stockField]['x-ref'] : undefined,
  );
  const required = (schema.items as { required?: string[] }).required ?? [];
  const quantityField = fields.find(([f, s]) => required.includes(f) && isNumber(s) && !s['x-ref'])?.[0];
  const asked = new Map<string, number>();
  if (stockField && quantityField)
    for (const line of lines)
      if (line[stockField] !== undefined)
        asked.set(
          String(line[stockField]),
          (asked.get(String(line[stockField])) ?? 0) + (Number(line[quantityField]) || 0),
        );
  /** What is available of the line's SKU when its lines ask for more, else undefined. */
  const shortOf = (line: Line, f: string) => {
    if (f !== quantityField || !stock?.loaded || !stockField || line[stockField] === undefined) return undefined;
    const available = Number(stock.available(line[stockField]));
    return (asked.get(String(line[stockField])) ?? 0) > available ? available : undefined;
  };
  const [focusRow, setFocusRow] = useState<number>();
  const locked = disabled || readonly;

  const blank = (): Line =>
    Object.fromEntries(fields.filter(([, s]) => s.default !== undefined).map(([f, s]) => [f, s.default]));
  const set = (next: Line[]) => onChange(next, fieldPathId.path);
  const setCell = (index: number, field: string, value: unknown) =>
    set(
      lines.map((line, i) =>
        i === index
          ? Object.fromEntries(
              Object.entries({ ...line, [field]: value }).filter(([, v]) => v !== undefined && v !== null),
            )
          : line,
      ),
    );
  const add = () => {
    set([...lines, blank()]);
    setFocusRow(lines.length);
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };

  const label = (f: string) => t(`${lineResource}.fields.${f}`, { defaultValue: f });
  const cellError = (index: number, f: string) => {
    const errors = errorsAt(errorSchema, index, f);
    return errors.length ? (
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {errors[0]}
      </Typography.Text>
    ) : null;
  };

  const columns = [
    {
      key: '#',
      title: '#',
      width: 48,
      fixed: 'left' as const,
      render: (_: unknown, __: Line, index: number) => index + 1,
    },
    ...fields.flatMap(([f, s], position) => {
      const title = (
        <span>
          {required.includes(f) && <span style={{ color: '#ff4d4f', marginInlineEnd: 4 }}>*</span>}
          {label(f)}
        </span>
      );
      const cell = {
        key: f,
        title,
        width: s['x-ref'] ? undefined : 140,
        // The line's product stays in view beside the figures scrolled to.
        fixed: position === 0 && s['x-ref'] ? ('left' as const) : undefined,
        render: (_: unknown, line: Line, index: number) => {
          const id = `${fieldPathId.$id}_${index}_${f}`;
          // A cell's input is named by its column and line: the column's header is no label of it.
          const name = `${label(f)} ${index + 1}`;
          const short = shortOf(line, f);
          const status = errorsAt(errorSchema, index, f).length
            ? ('error' as const)
            : short !== undefined
              ? ('warning' as const)
              : undefined;
          let input;
          if (s['x-available'] && stock)
            input = (
              <AvailableSelect
                id={id}
                label={name}
                stock={stock}
                value={line[f] as number | undefined}
                onChange={(v) => setCell(index, f, v)}
                autoFocus={focusRow === index}
                disabled={locked}
                status={status}
              />
            );
          else if (s['x-ref'])
            input = (
              <RefSelect
                id={id}
                aria-label={name}
                resource={s['x-ref']}
                refKey={s['x-refKey']}
                filters={[...(dependsFilter(s['x-ref'], s['x-dependsOn'], ctx) ?? []), ...refFilters(s['x-refFilter'])]}
                value={line[f] as number | undefined}
                onChange={(v) => setCell(index, f, v)}
                autoFocus={focusRow === index}
                disabled={locked}
                status={status}
                showSearch
              />
            );
          else if (s.enum && s['x-enum'])
            // A coded value (a return line's reason) is picked by its label, never typed as its code.
            input = (
              <Select
                id={id}
                aria-label={name}
                value={line[f] as string | number | undefined}
                options={s.enum.map((code) => ({ value: code, label: t(`enums.${s['x-enum']}.${code}`) }))}
                onChange={(v) => setCell(index, f, v)}
                disabled={locked}
                status={status}
                style={{ width: '100%' }}
              />
            );
          else if (isNumber(s))
            input = (
              <InputNumber
                id={id}
                aria-label={name}
                value={line[f] as number | undefined}
                min={s.minimum}
                max={s.maximum}
                precision={s.type === 'integer' ? 0 : undefined}
                onChange={(v) => setCell(index, f, v ?? undefined)}
                onKeyDown={onEnter}
                disabled={locked}
                status={status}
                style={{ width: '100%' }}
              />
            );
          else input = <Typography.Text>{String(line[f] ?? '')}</Typography.Text>;
          return (
            <div>
              {input}
              {cellError(index, f) ??
                (short !== undefined && (
                  <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="line-over-available">
                    {t('engine.lines.overAvailable', { available: short })}
                  </Typography.Text>
                ))}
            </div>
          );
        },
      };
      // Beside the SKU: what the warehouse holds of it for this customer.
      if (f === stockField && stock)
        return [
          cell,
          {
            key: `${f}-available`,
            title: t('engine.lines.available'),
            width: 110,
            render: (_: unknown, line: Line) => <span data-testid="line-available">{stock.available(line[f])}</span>,
          },
        ];
      return [cell];
    }),
    removeLineColumn<Line>(t('engine.lines.remove'), (index) => set(lines.filter((_, i) => i !== index)), locked),
  ];

  const totals = uiSchema?.['ui:options']?.totals !== false;
  // A coded value (a return line's reason) is no figure to add up.
  const sums = fields.filter(([, s]) => isNumber(s) && !s['x-ref'] && !s.enum).map(([f]) => f);
  const listErrors = ((errorSchema as { __errors?: string[] } | undefined)?.__errors ?? []) as string[];
  return (
    <div data-testid={`lines-${fieldPathId.$id}`} style={{ marginBottom: 24 }}>
      {uiSchema?.['ui:title'] && (
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {String(uiSchema['ui:title'])}
        </Typography.Text>
      )}
      <Table
        size="small"
        rowKey={(_, index) => String(index)}
        dataSource={lines}
        columns={columns}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, c) => sum + (c.width ?? LOOKUP_WIDTH), 0) }}
        locale={{ emptyText: t('engine.lines.empty') }}
        summary={() =>
          totals && lines.length ? (
            <Table.Summary.Row data-testid="lines-total">
              {columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i}>
                  {i === 0
                    ? t('engine.total')
                    : sums.includes(String(c.key))
                      ? lines.reduce((sum, l) => sum + (Number(l[String(c.key)]) || 0), 0)
                      : null}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
      {listErrors.length > 0 && <Typography.Text type="danger">{listErrors[0]}</Typography.Text>}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={add}
        disabled={locked}
        style={{ marginTop: 8 }}
        id={`${fieldPathId.$id}__add`}
        data-testid="lines-add"
      >
        {t('engine.lines.add')}
      </Button>
    </div>
  );
};
