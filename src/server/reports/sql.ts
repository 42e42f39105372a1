import type { Viewer } from '../engine/scope';

/** Positional parameters for a report's SQL, bound in the order the fragments are written. */
export class Params {
  readonly values: unknown[] = [];
  bind = (value: unknown) => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

/**
 * The tenant condition of a report (DESIGN 4, as the engine scopes lists): nothing for a viewer
 * of every organization, else the viewer's own and managed organizations, so a figure or a total never counts another's.
 */
export const orgCondition = (viewer: Viewer, column: string, p: Params) =>
  viewer.all ? 'true' : `${column} = ANY(${p.bind(viewer.organizationIds)}::int[])`;

/** `column = value` for each filter that is set, joined with AND (always a valid condition). */
export const equalities = (filters: [column: string, value: unknown][], p: Params) =>
  filters
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([c, v]) => `${c} = ${p.bind(v)}`)
    .concat('true')
    .join(' AND ');
