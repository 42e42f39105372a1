import { useState } from 'react';
import type { ResourceDef } from '../../domain/resource';
import { columnFields } from './fields';

const storageKey = (def: ResourceDef) => `columns:${def.name}`;

/** The schema's default: every column but x-list false ones. */
export const defaultColumns = (def: ResourceDef) => columnFields(def).filter(([, s]) => s['x-list'] !== false).map(([f]) => f);

const read = (def: ResourceDef): string[] => {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(def)) ?? 'null') as unknown;
    const known = new Set(columnFields(def).map(([f]) => f));
    // A field removed from the schema since the choice was saved is dropped, not shown as blank.
    if (Array.isArray(saved)) return saved.filter((f): f is string => typeof f === 'string' && known.has(f));
  } catch {
    // A damaged entry falls back to the default.
  }
  return defaultColumns(def);
};

/** The columns the user chose for a resource's list, kept per resource in this browser. */
export const useColumnVisibility = (def: ResourceDef) => {
  const [visible, setVisible] = useState<string[]>(() => read(def));
  const change = (fields: string[] | undefined) => {
    const next = fields ?? defaultColumns(def);
    if (fields) localStorage.setItem(storageKey(def), JSON.stringify(next));
    else localStorage.removeItem(storageKey(def));
    setVisible(next);
  };
  return [visible, change] as const;
};
