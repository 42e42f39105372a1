import { useState } from 'react';
import type { ResourceDef } from '../../domain/resource';
import { currentUser } from '../providers/session';
import { columnFields } from './fields';

/** What a user changed about a list's columns: which are shown and the widths dragged to. */
export interface ColumnState {
  visible: string[];
  widths: Record<string, number>;
}

// Per user as well as per list: two people sharing a browser each keep their own columns.
const storageKey = (def: ResourceDef) => `columns:${currentUser()?.id ?? 'anonymous'}:${def.name}`;

/**
 * The declaration's default: its `columns` (priority order) or every column but x-list false ones;
 * in either case the record's naming column leads.
 */
export const defaultColumns = (def: ResourceDef): string[] => {
  const known = new Set(columnFields(def).map(([f]) => f));
  if (def.columns) return def.columns.filter((f) => known.has(f));
  return columnFields(def)
    .filter(([, s]) => s['x-list'] !== false)
    .map(([f]) => f);
};

const read = (def: ResourceDef): ColumnState => {
  const known = new Set(columnFields(def).map(([f]) => f));
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(def)) ?? 'null') as Partial<ColumnState> | null;
    // A field removed from the schema since the choice was saved is dropped, not shown as blank.
    const visible = Array.isArray(saved?.visible)
      ? saved.visible.filter((f): f is string => typeof f === 'string' && known.has(f))
      : defaultColumns(def);
    const widths = Object.fromEntries(
      Object.entries(saved?.widths ?? {}).filter(([f, w]) => known.has(f) && typeof w === 'number' && w > 0),
    );
    return { visible, widths };
  } catch {
    // A damaged entry falls back to the default.
    return { visible: defaultColumns(def), widths: {} };
  }
};

/** The columns and widths a user chose for a resource's list, kept in this browser per user. */
export const useColumnState = (def: ResourceDef) => {
  const [state, setState] = useState<ColumnState>(() => read(def));
  const save = (next: ColumnState, custom: boolean) => {
    if (custom) localStorage.setItem(storageKey(def), JSON.stringify(next));
    else localStorage.removeItem(storageKey(def));
    setState(next);
  };
  /** New visible columns, in the order given; undefined restores the declaration's columns and widths. */
  const setVisible = (fields: string[] | undefined) =>
    save(fields ? { ...state, visible: fields } : { visible: defaultColumns(def), widths: {} }, Boolean(fields));
  const setWidth = (field: string, width: number) =>
    save({ ...state, widths: { ...state.widths, [field]: Math.round(width) } }, true);
  return { ...state, setVisible, setWidth };
};
