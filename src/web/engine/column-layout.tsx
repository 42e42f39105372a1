import type { MouseEvent as ReactMouseEvent, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { FieldSchema, ResourceDef } from '../../domain/resource';

/**
 * Where each column of a generated list sits and how wide it is (ProTable's habits): the columns in
 * the declaration's priority order, the first one (the record's name) fixed on the left, the row
 * buttons fixed on the right, and a width per kind of value so the priority columns of every list
 * fit 1440 px. A width the user dragged to wins.
 */
export const defaultWidth = (schema: FieldSchema | undefined, leading: boolean): number => {
  if (leading) return 170;
  if (!schema) return 140;
  if (schema['x-widget'] === 'image') return 72;
  if (schema['x-ref']) return 140;
  if (schema['x-money']) return 130;
  if (schema.enum || schema['x-enum']) return 110;
  if (schema.format === 'date') return 104;
  if (schema.format === 'date-time') return 150;
  if (schema.type === 'boolean') return 80;
  if (schema.type === 'integer' || schema.type === 'number') return schema['x-unit'] ? 104 : 88;
  if (schema.type === 'string' && (schema.maxLength ?? 100) <= 12) return 104;
  return 140;
};

const MIN_WIDTH = 60;

/** Room for a row's buttons: show, and edit and delete where the resource has them. */
export const actionsWidth = (def: ResourceDef) => 32 + 32 * (1 + (def.actions.includes('edit') ? 1 : 0) + (def.actions.includes('delete') ? 1 : 0));

interface Layout {
  /** The fields shown, in the order shown. */
  visible: string[];
  widths?: Record<string, number>;
  /** Given, headers get a handle to drag the width, reported here as it moves. */
  onResize?: (field: string, width: number) => void;
}

export const layoutColumns = (def: ResourceDef, columns: ColumnsType<BaseRecord>, { visible, widths = {}, onResize }: Layout) => {
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const data = visible.filter((f) => byKey.has(f)).map((f) => byKey.get(f)!);
  const actions = byKey.get('actions');
  const laid: ColumnsType<BaseRecord> = data.map((column, index) => {
    const field = String(column.key);
    const width = widths[field] ?? defaultWidth(def.schema.properties[field], index === 0);
    return {
      ...column,
      width,
      fixed: index === 0 ? ('left' as const) : undefined,
      onHeaderCell: () => ({ width, field, onResize }) as ThHTMLAttributes<HTMLElement>,
      // Marks lookup cells, so a test can watch that none ever shows a bare id.
      onCell: def.schema.properties[field]?.['x-ref'] ? () => ({ 'data-ref': field }) as TdHTMLAttributes<HTMLElement> : undefined,
    };
  });
  if (actions) laid.push({ ...(actions as ColumnType<BaseRecord>), fixed: 'right', width: actionsWidth(def) });
  const scrollX = laid.reduce((sum, c) => sum + Number((c as ColumnType<BaseRecord>).width ?? 0), 0);
  return { columns: laid, scrollX };
};

type HeaderProps = ThHTMLAttributes<HTMLTableCellElement> & { width?: number; field?: string; onResize?: (field: string, width: number) => void };

/** A header cell with a handle on its right edge: drag to set the column's width. */
export const ResizableHeaderCell = ({ width, field, onResize, children, style, ...rest }: HeaderProps) => {
  if (!onResize || !field || !width) return <th {...rest} style={style}>{children}</th>;
  const start = (e: ReactMouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const move = (ev: MouseEvent) => onResize(field, Math.max(MIN_WIDTH, width + ev.clientX - startX));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <th {...rest} style={{ ...style, position: style?.position ?? 'relative' }}>
      {children}
      <span className="engine-col-resize" data-testid={`resize-${field}`} onMouseDown={start} onClick={(e) => e.stopPropagation()} />
    </th>
  );
};
