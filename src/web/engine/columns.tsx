import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { getDefaultSortOrder } from '@refinedev/antd';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { EnumTag } from './EnumTag';
import { RecordLink } from './RecordLink';
import { RowActions, type RowAccess } from './RowActions';
import { SignedImage } from './SignedImage';
import { textWidth } from './column-layout';
import { columnFields, enumLabel, fieldLabel } from './fields';
import { displayText, type RefLabels } from './useRefLabels';

const ENUM_MAX_WIDTH = 170;
const CELL_PADDING = 18;
const TAG_PADDING = 18;

/** Room for the longest label of an enum, as a tag or as text, up to a limit past which it ends in an ellipsis. */
const enumWidth = (schema: FieldSchema, t: TFunction) => {
  const tag = Boolean(schema['x-enum']);
  const longest = Math.max(
    0,
    ...(schema.enum ?? []).map((v) => textWidth(enumLabel(schema, v, t), tag ? '12px' : '14px')),
  );
  return Math.min(ENUM_MAX_WIDTH, Math.ceil(longest + CELL_PADDING + (tag ? TAG_PADDING : 0)));
};

/** Figures line up on the right like the footer's totals; codes of enums and lookups are no figures. */
const isFigure = (schema: FieldSchema) =>
  Boolean(schema['x-money']) ||
  ((schema.type === 'number' || schema.type === 'integer') && !schema.enum && !schema['x-ref']);

export interface ColumnOptions {
  /** Fields shown, in schema order. */
  visible: string[];
  sorters: CrudSort[];
  /** The last column's buttons for a row. */
  actions: (record: BaseRecord) => ReactNode;
}

/** List columns from the schema; every column sorts on the server. */
export const buildColumns = (
  def: ResourceDef,
  t: TFunction,
  refs: RefLabels,
  { visible, sorters, actions }: ColumnOptions,
): ColumnsType<BaseRecord> => {
  const columns: ColumnsType<BaseRecord> = columnFields(def)
    .filter(([field]) => visible.includes(field))
    .map(([field, schema]) => ({
      key: field,
      dataIndex: field,
      title: fieldLabel(def, field, t),
      width: schema.enum ? enumWidth(schema, t) : undefined,
      sorter: schema.type !== 'array',
      defaultSortOrder: getDefaultSortOrder(field, sorters),
      // One line per row however long a name (a customer in two languages): the rest in the tooltip.
      ellipsis: schema['x-widget'] !== 'image',
      align: isFigure(schema) ? ('right' as const) : undefined,
      render: (value: unknown, record: BaseRecord) => {
        if (schema['x-widget'] === 'image')
          return value ? (
            <SignedImage src={String(value)} width={40} height={40} style={{ objectFit: 'cover' }} />
          ) : null;
        if (schema['x-refBy']) return <RecordLink field={field} schema={schema} record={record} refs={refs} />;
        const text = displayText(field, schema, record, refs, t);
        // Status-like enums read better as tags.
        return schema['x-enum'] && text ? <EnumTag def={def} field={field} value={value} text={text} /> : text;
      },
    }));
  columns.push({
    key: 'actions',
    title: t('table.actions'),
    fixed: 'right',
    width: 1,
    render: (_: unknown, record: BaseRecord) => actions(record),
  });
  return columns;
};

/** A generated list's row buttons, as the list's access allows (useRowAccess). */
export const rowButtons =
  (def: ResourceDef, { canEdit, canDelete, deleting, remove, workflow }: RowAccess) =>
  (record: BaseRecord) => (
    <RowActions
      def={def}
      record={record}
      canEdit={canEdit}
      canDelete={canDelete}
      deleting={deleting !== undefined && deleting === record.id}
      remove={remove}
      workflow={workflow}
    />
  );
