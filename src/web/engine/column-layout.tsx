import { createContext, useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent as ReactMouseEvent, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { buttonsOf } from '../../domain/workflow';
import { columnSchema } from './fields';

/**
 * Where each column of a generated list sits and how wide it is (ProTable's habits): the columns in
 * the declaration's priority order, the first one (the record's name) fixed on the left, the row
 * buttons fixed on the right, and a width per kind of value so the priority columns of every list
 * fit 1440 px; where a language's labels need more (a Chinese label is one unbreakable word), name
 * columns give up the difference (fitWidths). A width the user dragged to wins.
 */
export const defaultWidth = (schema: FieldSchema | undefined, leading: boolean): number => {
  if (!schema) return 140;
  // A name leads most lists; a leading date or number (an expense's date) needs no more room than elsewhere.
  if (leading && (schema.type === 'string' || schema['x-ref']) && !schema.format && !schema.enum) return 170;
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

/**
 * The narrowest a name (a lookup, a free text) gets to make room for other columns: a dozen letters,
 * the rest in its tooltip. Other kinds keep their width: a cut date, figure or tag reads wrong.
 */
const NAME_MIN = 120;

const isName = (schema: FieldSchema | undefined) =>
  schema !== undefined &&
  !schema.format &&
  !schema.enum &&
  !schema['x-enum'] &&
  schema['x-widget'] !== 'image' &&
  (Boolean(schema['x-ref']) || (schema.type === 'string' && (schema.maxLength ?? 100) > 12));

/** Padding of a header cell and room for the sort arrows beside its label. */
const HEADER_PADDING = 18;
const SORTER = 22;

let measure: CanvasRenderingContext2D | null | undefined;
/** Width of a text in a font of the page (`600 14px` for a header); without a canvas, a wide letter's width each. */
export const textWidth = (text: string, font = '600 14px') => {
  if (measure === undefined && typeof document !== 'undefined')
    measure = document.createElement('canvas').getContext('2d');
  if (!measure) return [...text].length * 14;
  measure.font = `${font} ${getComputedStyle(document.body).fontFamily}`;
  return measure.measureText(text).width;
};

/**
 * The narrowest a column can be without breaking a word of its header: labels wrap between words
 * ("Balance / after"), never inside one ("Quantit / y"); Chinese labels are kept whole but may wrap
 * before a bracket ("货物体积 / （立方米）", engine.css).
 */
export const headerWidth = (title: unknown, sortable: boolean) => {
  if (typeof title !== 'string' || !title) return 0;
  const longest = Math.max(...title.split(/\s+|(?=[（(])/).map((word) => textWidth(word)));
  return Math.ceil(longest + HEADER_PADDING + (sortable ? SORTER : 0));
};

/** The width of a row's workflow menu trigger (RowWorkflowMenu), its gap included in the buttons' slack. */
export const MENU_TRIGGER = 16;

/**
 * Room for a row's buttons before they are drawn: show, and edit and delete where the resource has
 * them, 32 px each with the gap; a workflow's menu trigger is half as wide, so the priority columns
 * still fit 1440 px. Buttons of the resource's own (useRowButtonsRoom) may ask for more.
 */
export const actionsWidth = (def: ResourceDef) =>
  32 +
  32 * (1 + (def.actions.includes('edit') ? 1 : 0) + (def.actions.includes('delete') ? 1 : 0)) +
  (def.workflow?.machine && buttonsOf(def.workflow.machine).length ? MENU_TRIGGER : 0);

interface Layout {
  /** The fields shown, in the order shown. */
  visible: string[];
  widths?: Record<string, number>;
  /** Given, headers get a handle to drag the width, reported here as it moves. */
  onResize?: (field: string, width: number) => void;
  /** The table's width once measured (useTableRoom): the columns are fitted into it. */
  room?: number;
  /** The widest row's buttons once drawn (useRowButtonsRoom), their cell's padding included. */
  buttons?: number;
}

interface Size {
  width: number;
  /** The narrowest it may be made to fit the table. */
  floor: number;
}

/**
 * Widths that fit `room`: columns too wide for it give up what they can spare, each in proportion,
 * so no priority column is pushed behind the row buttons. When even that is not enough (many
 * columns chosen, a phone) every column keeps its width and the table scrolls: narrowing them all
 * would only make the scrolled columns harder to read.
 */
const fitWidths = (sizes: Size[], room: number) => {
  const over = sizes.reduce((sum, s) => sum + s.width, 0) - room;
  const spare = sizes.reduce((sum, s) => sum + s.width - s.floor, 0);
  if (over <= 0 || over > spare) return sizes.map((s) => s.width);
  return sizes.map((s) => s.width - Math.ceil((over * (s.width - s.floor)) / spare));
};

export const layoutColumns = (
  def: ResourceDef,
  columns: ColumnsType<BaseRecord>,
  { visible, widths = {}, onResize, room, buttons: drawn = 0 }: Layout,
) => {
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const data = visible.filter((f) => byKey.has(f)).map((f) => byKey.get(f)!);
  const actions = byKey.get('actions');
  const buttons = actions ? Math.max(actionsWidth(def), headerWidth(actions.title, false), drawn) : 0;
  const sizes = data.map((column, index): Size => {
    const field = String(column.key);
    if (widths[field] !== undefined) return { width: widths[field], floor: widths[field] };
    const schema = columnSchema(def, field);
    const header = headerWidth(column.title, Boolean(column.sorter));
    // A width the column asks for is what its content needs (an enum's longest label).
    const width = Math.max(defaultWidth(schema, index === 0), Number(column.width ?? 0), header);
    return { width, floor: isName(schema) ? Math.min(width, Math.max(NAME_MIN, header)) : width };
  });
  const fitted = room === undefined ? sizes.map((s) => s.width) : fitWidths(sizes, room - buttons);
  const laid: ColumnsType<BaseRecord> = data.map((column, index) => {
    const field = String(column.key);
    const width = fitted[index];
    return {
      ...column,
      width,
      fixed: index === 0 ? ('left' as const) : undefined,
      onHeaderCell: () => ({ width, field, onResize }) as ThHTMLAttributes<HTMLElement>,
      // Marks lookup cells, so a test can watch that none ever shows a bare id.
      onCell: def.schema.properties[field]?.['x-ref']
        ? () => ({ 'data-ref': field }) as TdHTMLAttributes<HTMLElement>
        : undefined,
    };
  });
  if (actions) laid.push({ ...(actions as ColumnType<BaseRecord>), fixed: 'right', width: buttons });
  const scrollX = laid.reduce((sum, c) => sum + Number((c as ColumnType<BaseRecord>).width ?? 0), 0);
  return { columns: laid, scrollX };
};

/**
 * The width a table has for its columns, measured before the first paint and again whenever the
 * window or the side menu changes it: put the ref on the element around the table.
 */
export const useTableRoom = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setRoom(element.clientWidth);
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, room] as const;
};

/**
 * Where a table's row buttons (RowButtons) are put on screen: each row's are watched from there. A
 * resource's own buttons (an API key's Revoke, the catalogue's Add to cart) come from the
 * composition root, labelled in the user's language: the declaration cannot size them.
 */
export const RowButtonsWatch = createContext<((buttons: HTMLElement) => () => void) | undefined>(undefined);

/**
 * The width the widest row's buttons of a table take as drawn, with their cell's padding, followed
 * as rows come and go and their buttons change (a key revoked loses its Revoke). Give `watch` to
 * the table's rows through RowButtonsWatch.
 */
export const useRowButtonsRoom = () => {
  const [width, setWidth] = useState(0);
  // No observer to disconnect: every row's buttons stop being watched as they leave the page.
  const [watch] = useState(() => {
    const drawn = new Set<HTMLElement>();
    const measure = () => {
      // A page kept in a background tab draws nothing: its column keeps its width for the return.
      const shown = [...drawn].filter((buttons) => buttons.offsetWidth > 0);
      if (drawn.size && !shown.length) return;
      const widths = shown.map((buttons) => {
        const cell = buttons.closest('td');
        const style = cell && getComputedStyle(cell);
        return buttons.offsetWidth + (style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0);
      });
      setWidth(Math.ceil(Math.max(0, ...widths)));
    };
    const observer = new ResizeObserver(measure);
    return (buttons: HTMLElement) => {
      drawn.add(buttons);
      observer.observe(buttons);
      return () => {
        drawn.delete(buttons);
        observer.unobserve(buttons);
        measure();
      };
    };
  });
  return [watch, width] as const;
};

type HeaderProps = ThHTMLAttributes<HTMLTableCellElement> & {
  width?: number;
  field?: string;
  onResize?: (field: string, width: number) => void;
};

/** A header cell with a handle on its right edge: drag to set the column's width. */
export const ResizableHeaderCell = ({ width, field, onResize, children, style, ...rest }: HeaderProps) => {
  if (!onResize || !field || !width)
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );
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
      <span
        className="engine-col-resize"
        data-testid={`resize-${field}`}
        onMouseDown={start}
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
};
