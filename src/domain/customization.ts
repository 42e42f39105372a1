/**
 * Customizations (issue 40, DESIGN 10): fields, value lists and record types an admin adds from the
 * screen, kept as an overlay over the shipped declarations by name. Pure: the server folds, checks
 * and installs it (src/server/customize), the browser installs the same overlay it is sent, so both
 * read one shape.
 */
import type { EntitySchema, FieldSchema } from './field-schema';
import type { StateMachine, StateTone, WorkflowAction } from './workflow';

export const CUSTOM_LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Labels = Partial<Record<(typeof CUSTOM_LANGUAGES)[number], string>>;

export const FIELD_TYPES = [
  'text',
  'longText',
  'integer',
  'number',
  'date',
  'dateTime',
  'boolean',
  'enum',
  'reference',
] as const;
export type CustomFieldType = (typeof FIELD_TYPES)[number];

export interface EnumValue {
  value: number;
  labels: Labels;
  /** Retired: still read on old records, refused on new ones. */
  retired?: boolean;
}

/** A field as an admin declares it: its name is its stable id, never renamed or reused. */
export interface CustomField {
  name: string;
  type: CustomFieldType;
  labels: Labels;
  required?: boolean;
  default?: string | number | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  unique?: boolean;
  list?: boolean;
  filter?: boolean;
  group?: string;
  help?: Labels;
  values?: EnumValue[];
  ref?: string;
  /** Removed by an admin: hidden everywhere, its column and data kept until purged. */
  removed?: boolean;
}

export interface CustomResource {
  labels: Labels;
  organizationOwned: boolean;
  icon?: string;
}

/** A state an admin adds to a resource's workflow: a code of its status field, with its labels. */
export interface CustomState {
  value: number;
  labels: Labels;
  tone?: StateTone;
  /** The state it follows in the step bar ("On hold" after awaiting outbound); last when absent. */
  after?: number;
}

/**
 * An action an admin adds: from and to states, its button's labels, the confirmation asked, the
 * fields of the resource its dialog asks for and stores, its event. Its right is
 * `<permission>.<name>`; it runs no code of ours (shipped effects stay on their shipped actions).
 */
export interface CustomAction {
  name: string;
  from: number[];
  to: number;
  labels: Labels;
  confirmation?: Labels;
  fields?: string[];
  event?: string;
}

/** One resource's part of the overlay: fields, states and actions it gained and, for a record type of its own, the type. */
export interface ResourceOverlay {
  fields: CustomField[];
  added?: CustomResource;
  states?: CustomState[];
  actions?: CustomAction[];
}

export type Overlay = Record<string, ResourceOverlay>;

export type Change =
  | ({ op: 'addField' } & Omit<CustomField, 'removed'>)
  | { op: 'relabelField'; name: string; labels: Labels }
  | { op: 'removeField'; name: string }
  | { op: 'restoreField'; name: string }
  | { op: 'addValue'; name: string; value: number; labels: Labels }
  | { op: 'retireValue'; name: string; value: number }
  | ({ op: 'addResource'; fields: Omit<CustomField, 'removed'>[] } & CustomResource)
  | ({ op: 'addState' } & CustomState)
  | ({ op: 'addAction' } & CustomAction);

/** An added resource's menu group, permission area and API area: its own, beside the shipped ones. */
export const CUSTOM_AREA = 'custom';

export const NAME_PATTERN = /^[a-z][a-zA-Z0-9]{1,39}$/;

/** The enumeration an added value list's labels live under (`enums.<name>.<code>`). */
export const customEnumName = (resource: string, field: string) => `${resource}_${field}`;

/** The overlay after a change list; the changes are checked first (customizationProblems). */
export function foldChanges(overlay: Overlay, resource: string, changes: Change[]): Overlay {
  const next: Overlay = structuredClone(overlay);
  const own = (next[resource] ??= { fields: [] });
  const field = (name: string) => own.fields.find((f) => f.name === name)!;
  for (const change of changes) {
    switch (change.op) {
      case 'addResource': {
        const { op: _op, fields, ...added } = change;
        own.added = added;
        own.fields.push(...fields.map((f) => ({ ...f })));
        break;
      }
      case 'addField': {
        const { op: _op, ...added } = change;
        own.fields.push(added);
        break;
      }
      case 'relabelField':
        field(change.name).labels = { ...field(change.name).labels, ...change.labels };
        break;
      case 'removeField':
        field(change.name).removed = true;
        break;
      case 'restoreField':
        delete field(change.name).removed;
        break;
      case 'addValue':
        (field(change.name).values ??= []).push({ value: change.value, labels: change.labels });
        break;
      case 'retireValue':
        field(change.name).values!.find((v) => v.value === change.value)!.retired = true;
        break;
      case 'addState': {
        const { op: _op, ...state } = change;
        (own.states ??= []).push(state);
        break;
      }
      case 'addAction': {
        const { op: _op, ...action } = change;
        (own.actions ??= []).push(action);
        break;
      }
    }
  }
  return next;
}

/** The JSON Schema of an added field, in the declarations' dialect (field-schema.ts). */
export function customFieldSchema(resource: string, f: CustomField): FieldSchema {
  const limits = {
    ...(f.minLength !== undefined && { minLength: f.minLength }),
    ...(f.minimum !== undefined && { minimum: f.minimum }),
    ...(f.maximum !== undefined && { maximum: f.maximum }),
  };
  const placement = {
    ...(f.list === false && { 'x-list': false }),
    ...(f.unique && { 'x-unique': true }),
    ...(f.group && { 'x-group': f.group }),
    ...(f.default !== undefined && { default: f.default }),
  };
  const filter = (kind: 'eq' | 'range') => (f.filter ? { 'x-filter': kind } : {});
  switch (f.type) {
    case 'text':
      return { type: 'string', maxLength: f.maxLength ?? 200, ...limits, ...filter('eq'), ...placement };
    case 'longText':
      return { type: 'string', maxLength: f.maxLength ?? 5000, ...limits, 'x-multiline': true, ...placement };
    case 'integer':
      return { type: 'integer', ...limits, ...filter('range'), ...placement };
    case 'number':
      return { type: 'number', ...limits, ...filter('range'), ...placement };
    case 'date':
      return { type: 'string', format: 'date', ...filter('range'), ...placement };
    case 'dateTime':
      return { type: 'string', format: 'date-time', ...filter('range'), ...placement };
    case 'boolean':
      return { type: 'boolean', ...filter('eq'), ...placement };
    case 'enum':
      return {
        type: 'integer',
        enum: (f.values ?? []).filter((v) => !v.retired).map((v) => v.value),
        'x-enum': customEnumName(resource, f.name),
        ...filter('eq'),
        ...placement,
      };
    case 'reference':
      return { type: 'integer', 'x-ref': f.ref, ...filter('eq'), ...placement };
  }
}

/** A shipped schema with the overlay's fields: removed ones are left out (their column stays). */
export function mergedSchema(resource: string, shipped: EntitySchema, own: ResourceOverlay | undefined): EntitySchema {
  const live = (own?.fields ?? []).filter((f) => !f.removed && !shipped.properties[f.name]);
  if (!live.length) return shipped;
  return {
    ...shipped,
    properties: {
      ...shipped.properties,
      ...Object.fromEntries(live.map((f) => [f.name, customFieldSchema(resource, f)])),
    },
    required: [...(shipped.required ?? []), ...live.filter((f) => f.required).map((f) => f.name)],
  };
}

/** A shipped state machine with the overlay's states and actions; its status field lists the added codes. */
export function mergedMachine(
  machine: StateMachine,
  own: ResourceOverlay | undefined,
  schema: EntitySchema,
): StateMachine {
  if (!own?.states?.length && !own?.actions?.length) return machine;
  return {
    ...machine,
    states: (own.states ?? []).reduce(
      (states, added) => {
        const at = states.findIndex((st) => st.value === added.after);
        const state = { value: added.value, tone: added.tone ?? 'processing', step: true };
        return at < 0 ? [...states, state] : [...states.slice(0, at + 1), state, ...states.slice(at + 1)];
      },
      [...machine.states],
    ),
    actions: {
      ...machine.actions,
      ...Object.fromEntries((own.actions ?? []).map((a) => [a.name, customAction(a, schema)])),
    },
  };
}

const customAction = (a: CustomAction, schema: EntitySchema): WorkflowAction => ({
  from: a.from,
  to: a.to,
  summary: a.labels.en ?? a.name,
  confirm: !a.fields?.length && Boolean(a.confirmation),
  ...(a.fields?.length && {
    input: {
      $id: `${a.name}Input`,
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(a.fields.map((f) => [f, schema.properties[f]])),
      required: a.fields,
    },
    stores: a.fields,
  }),
  ...(a.event && { event: a.event }),
});

/** A status field's schema listing the added states' codes too. */
export function mergedStatus(field: FieldSchema, own: ResourceOverlay | undefined): FieldSchema {
  const codes = (own?.states ?? []).map((s) => s.value).filter((v) => !field.enum?.includes(v));
  return codes.length ? { ...field, enum: [...(field.enum ?? []), ...codes] } : field;
}

/** List columns an added field joins: those declared for the list, after the shipped ones. */
export const listedFields = (own: ResourceOverlay | undefined) =>
  (own?.fields ?? []).filter((f) => !f.removed && f.list !== false).map((f) => f.name);

type Tree = { [key: string]: string | Tree };

/** The overlay's labels in one language, in the locales' tree form (`<resource>.fields.<name>`, `enums.<list>.<code>`). */
export function overlayLabels(
  overlay: Overlay,
  language: (typeof CUSTOM_LANGUAGES)[number],
  statusList: (resource: string) => string | undefined = () => undefined,
): Tree {
  const tree: Tree = { enums: {} };
  const say = (labels: Labels | undefined) => labels?.[language] ?? labels?.en ?? '';
  for (const [resource, own] of Object.entries(overlay)) {
    const fields: Tree = {};
    for (const f of own.fields) {
      fields[f.name] = say(f.labels);
      if (f.values)
        (tree.enums as Tree)[customEnumName(resource, f.name)] = Object.fromEntries(
          f.values.map((v) => [String(v.value), say(v.labels)]),
        );
    }
    const states = statusList(resource);
    if (states && own.states?.length)
      (tree.enums as Tree)[states] = Object.fromEntries(own.states.map((st) => [String(st.value), say(st.labels)]));
    const actions = Object.fromEntries((own.actions ?? []).map((a) => [a.name, say(a.labels)]));
    const asks = Object.fromEntries(
      (own.actions ?? []).filter((a) => a.confirmation).map((a) => [a.name, say(a.confirmation)]),
    );
    const title = say(own.added?.labels);
    tree[resource] = {
      fields,
      ...(own.added && { titles: { list: title, create: title, edit: title, show: title } }),
      ...(own.actions?.length && { actions, ask: asks }),
    };
  }
  return tree;
}

/** What stops a change list, each with its translation key (`customize.problems.<key>`). */
export interface CustomizationProblem {
  key: string;
  field?: string;
  params?: Record<string, string | number>;
}

/** What the declarations answer about a resource the changes name: its field and relation names. */
export interface DeclaredShape {
  fields(resource: string): string[] | undefined;
  relations(resource: string): string[];
  resources(): string[];
  /** The states of its workflow, undefined for a resource without one; its actions and routes' words. */
  states(resource: string): number[] | undefined;
  actions(resource: string): string[];
}

const RESERVED = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'organizationId']);

/** The checks that need no database: names, types, labels and what a change may name. */
export function customizationProblems(
  shape: DeclaredShape,
  overlay: Overlay,
  resource: string,
  changes: Change[],
): CustomizationProblem[] {
  const problems: CustomizationProblem[] = [];
  const own = overlay[resource];
  const adding = changes.find((c) => c.op === 'addResource');
  if (adding) {
    if (!NAME_PATTERN.test(resource)) problems.push({ key: 'resourceName', params: { name: resource } });
    if (shape.resources().includes(resource) || overlay[resource])
      problems.push({ key: 'resourceExists', params: { name: resource } });
    if (!adding.labels?.en?.trim()) problems.push({ key: 'englishLabel', params: { name: resource } });
  } else if (!shape.fields(resource) && !own?.added) problems.push({ key: 'noResource', params: { name: resource } });
  const taken = new Set([
    ...(shape.fields(resource) ?? []),
    ...shape.relations(resource),
    ...(own?.fields ?? []).map((f) => f.name),
    ...RESERVED,
  ]);
  const customFields = new Map((own?.fields ?? []).map((f) => [f.name, f]));
  const shippedStates = shape.states(resource);
  const states = shippedStates && new Set([...shippedStates, ...(own?.states ?? []).map((st) => st.value)]);
  const actions = new Set([
    ...shape.actions(resource),
    ...(own?.actions ?? []).map((a) => a.name),
    ...shape.relations(resource),
    'lines',
    'timeline',
  ]);
  const checkField = (f: Omit<CustomField, 'removed'>) => {
    const at = { field: f.name, params: { name: f.name } };
    if (typeof f.name !== 'string' || !NAME_PATTERN.test(f.name)) problems.push({ key: 'fieldName', ...at });
    else if (taken.has(f.name)) problems.push({ key: 'fieldExists', ...at });
    if (!FIELD_TYPES.includes(f.type)) problems.push({ key: 'fieldType', ...at });
    if (!f.labels?.en?.trim()) problems.push({ key: 'englishLabel', ...at });
    if (f.type === 'enum') {
      const codes = (f.values ?? []).map((v) => v.value);
      if (!codes.length || codes.some((c) => !Number.isInteger(c)) || new Set(codes).size !== codes.length)
        problems.push({ key: 'enumValues', ...at });
      if ((f.values ?? []).some((v) => !v.labels?.en?.trim())) problems.push({ key: 'englishLabel', ...at });
    }
    if (f.type === 'reference' && !(f.ref && (shape.resources().includes(f.ref) || overlay[f.ref]?.added)))
      problems.push({ key: 'reference', ...at, params: { name: f.name, ref: String(f.ref) } });
    if (f.minimum !== undefined && f.maximum !== undefined && f.minimum > f.maximum)
      problems.push({ key: 'limits', ...at });
    if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength)
      problems.push({ key: 'limits', ...at });
    taken.add(f.name);
  };
  const customField = (name: string) => {
    const found = customFields.get(name);
    if (!found)
      problems.push({
        key: shape.fields(resource)?.includes(name) ? 'shippedField' : 'noField',
        field: name,
        params: { name },
      });
    return found;
  };
  for (const change of changes) {
    switch (change.op) {
      case 'addResource':
        for (const f of change.fields ?? []) checkField(f);
        break;
      case 'addField': {
        const { op: _op, ...f } = change;
        checkField(f);
        customFields.set(f.name, f);
        break;
      }
      case 'relabelField':
        if (customField(change.name) && change.labels?.en === '')
          problems.push({ key: 'englishLabel', field: change.name, params: { name: change.name } });
        break;
      case 'removeField':
      case 'restoreField':
        customField(change.name);
        break;
      case 'addValue':
      case 'retireValue': {
        const f = customField(change.name);
        if (f && f.type !== 'enum')
          problems.push({ key: 'notEnum', field: change.name, params: { name: change.name } });
        const used = f?.values?.some((v) => v.value === change.value);
        if (f && change.op === 'addValue' && (used || !Number.isInteger(change.value) || !change.labels?.en?.trim()))
          problems.push({ key: 'enumValues', field: change.name, params: { name: change.name } });
        if (f && change.op === 'retireValue' && !used)
          problems.push({ key: 'enumValues', field: change.name, params: { name: change.name } });
        break;
      }
      case 'addState': {
        const at = { field: 'status', params: { name: String(change.value) } };
        if (!states) problems.push({ key: 'noWorkflow', params: { name: resource } });
        else if (!Number.isInteger(change.value) || states.has(change.value))
          problems.push({ key: 'stateValue', ...at });
        if (!change.labels?.en?.trim()) problems.push({ key: 'englishLabel', ...at });
        states?.add(change.value);
        break;
      }
      case 'addAction': {
        const at = { field: change.name, params: { name: String(change.name) } };
        if (!states) problems.push({ key: 'noWorkflow', params: { name: resource } });
        if (typeof change.name !== 'string' || !NAME_PATTERN.test(change.name) || actions.has(change.name))
          problems.push({ key: 'actionName', ...at });
        if (!change.labels?.en?.trim()) problems.push({ key: 'englishLabel', ...at });
        const known = (v: unknown) => Number.isInteger(v) && states?.has(v as number);
        if (!Array.isArray(change.from) || !change.from.length || !change.from.every(known) || !known(change.to))
          problems.push({ key: 'actionStates', ...at });
        const fields = shape.fields(resource) ?? [];
        for (const f of change.fields ?? [])
          if (!fields.includes(f) && !customFields.has(f))
            problems.push({ key: 'noField', field: f, params: { name: f } });
        if (change.event !== undefined && !NAME_PATTERN.test(change.event)) problems.push({ key: 'eventName', ...at });
        actions.add(change.name);
        break;
      }
      default:
        problems.push({ key: 'unknownChange', params: { name: String((change as { op?: unknown }).op) } });
    }
  }
  return problems;
}

/** Labels not yet given in a language: shown as missing, never blocking. */
export const missingLabels = (changes: Change[]) =>
  changes.flatMap((c) => {
    const labelled =
      c.op === 'addResource'
        ? [{ name: '', labels: c.labels }, ...(c.fields ?? [])]
        : 'labels' in c && 'name' in c
          ? [c]
          : [];
    return labelled.flatMap((f) =>
      CUSTOM_LANGUAGES.filter((l) => !f.labels?.[l]?.trim()).map((language) => ({ field: f.name, language })),
    );
  });
