import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { fieldLabel, formFields } from './fields';
import { ItemArrayItemTemplate, ItemArrayTemplate } from './widgets/ItemArrayTemplates';
import { ItemTemplate } from './widgets/ItemTemplate';
import { SectionsTemplate } from './widgets/SectionsTemplate';

/**
 * The form of a resource, derived from its schema: the JSON schema RJSF validates (editable
 * fields only, minus `omit`: a child's fixed parent key), the uiSchema choosing widgets from the
 * x- hints, and translated messages.
 */
export const formSchema = (def: ResourceDef, omit: string[] = []): RJSFSchema => {
  const fields = formFields(def).filter(([n]) => !omit.includes(n));
  const names = new Set(fields.map(([n]) => n));
  return {
    type: 'object',
    // A field's description is the contract's, in English for developers (an action's input): a
    // form would print it under the field untranslated. Labels and placeholders say it on screen.
    properties: Object.fromEntries(
      fields.map(([n, { description: _contract, ...s }]) => [n, s]),
    ) as RJSFSchema['properties'],
    required: (def.schema.required ?? []).filter((n) => names.has(n)),
  };
};

const widgetOf = (s: FieldSchema): UiSchema => {
  if (s['x-ref'] && s.type === 'array')
    return { 'ui:widget': 'MultiRefWidget', 'ui:options': { resource: s['x-ref'], refKey: s['x-refKey'] } };
  if (s['x-ref'])
    return {
      'ui:widget': 'RefWidget',
      'ui:options': {
        resource: s['x-ref'],
        refKey: s['x-refKey'],
        dependsOn: s['x-dependsOn'],
        refFilter: s['x-refFilter'],
      },
    };
  if (s['x-suggest']) return { 'ui:widget': 'SuggestTagsWidget', 'ui:options': { source: s['x-suggest'] } };
  if (s['x-widget']) return { 'ui:widget': 'UploadWidget', 'ui:options': { kind: s['x-widget'] } };
  if (s.writeOnly) return { 'ui:widget': 'password' };
  if (s.enum) return { 'ui:widget': 'EnumWidget' };
  if (s['x-multiline']) return { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
  if (s.format === 'date') return { 'ui:widget': 'date' };
  if (s.format === 'time-zone') return { 'ui:widget': 'TimeZoneWidget' };
  return {};
};

/** x-lines: an editable table of line objects, labelled by the line resource's field names. */
const linesUi = (def: ResourceDef, s: FieldSchema): UiSchema => ({
  'ui:field': 'LinesField',
  'ui:options': { lineResource: def.relations?.[s['x-lines']!]?.resource ?? def.name },
});

/**
 * An array of objects kept with the record itself (a fee model's lines and their price bands): each
 * item titled `<resource>.items.<field>` with its number, its fields labelled and given their
 * widgets; an array of flat objects is an editable table without a totals row (bands are ranges and
 * prices: a sum of them means nothing).
 */
const isObjectArray = (s: FieldSchema) => s.type === 'array' && s.items?.type === 'object';
const itemsUi = (def: ResourceDef, field: string, s: FieldSchema, t: TFunction): UiSchema => {
  const fields = Object.entries(s.items?.properties ?? {});
  if (!fields.some(([, f]) => isObjectArray(f)))
    return { 'ui:field': 'LinesField', 'ui:options': { lineResource: def.name, totals: false } };
  const items = Object.fromEntries(
    fields.map(([name, f]) => [
      name,
      { 'ui:title': fieldLabel(def, name, t), ...(isObjectArray(f) ? itemsUi(def, name, f, t) : widgetOf(f)) },
    ]),
  );
  return {
    items: {
      ...items,
      'ui:ObjectFieldTemplate': ItemTemplate,
      'ui:options': { itemTitle: `${def.name}.items.${field}` },
    },
    // Its buttons name the item (`<resource>.items.<field>Add`, `...Remove`): a fee line's add button
    // sits below its bands' own.
    'ui:options': {
      orderable: false,
      addLabel: `${def.name}.items.${field}Add`,
      removeLabel: `${def.name}.items.${field}Remove`,
    },
    'ui:ArrayFieldTemplate': ItemArrayTemplate,
    'ui:ArrayFieldItemTemplate': ItemArrayItemTemplate,
  };
};

/**
 * The form's uiSchema; `editing` an existing record, its x-fixed fields show but cannot change. A
 * field whose empty value means something (a fee model for every organization) says so in its
 * placeholder, `<resource>.placeholders.<field>`, so its label stays the one word the field has
 * everywhere.
 */
export const formUiSchema = (def: ResourceDef, t: TFunction, editing = false): UiSchema => {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true }, 'ui:ObjectFieldTemplate': SectionsTemplate };
  for (const [name, s] of formFields(def)) {
    const placeholder = t(`${def.name}.placeholders.${name}`, { defaultValue: '' });
    // Lines in the section of their own name (an inbound's Products) are headed by it already.
    const headed = s['x-lines'] && s['x-group'] === name;
    ui[name] = {
      'ui:title': headed ? '' : fieldLabel(def, name, t),
      ...(placeholder && { 'ui:placeholder': placeholder }),
      ...(s['x-lines'] ? linesUi(def, s) : isObjectArray(s) ? itemsUi(def, name, s, t) : widgetOf(s)),
      ...(editing && s['x-fixed'] && { 'ui:disabled': true }),
    };
  }
  return ui;
};

/** Fields holding lines (x-lines), loaded on edit from the relation they name. */
export const lineFields = (def: ResourceDef) => formFields(def).filter(([, s]) => s['x-lines']);

/** Fields whose lookup follows another field (x-dependsOn): cleared when that field changes. */
export const dependents = (def: ResourceDef) =>
  formFields(def).flatMap(([n, s]) => (s['x-dependsOn'] ? [[n, s['x-dependsOn']] as const] : []));

/** The schema of `.products.0.pieces` inside the form schema (arrays step into `items`). */
const schemaAt = (root: RJSFSchema, property: string | undefined): FieldSchema | undefined => {
  let node: RJSFSchema | undefined = root;
  for (const part of (property ?? '').split('.').filter(Boolean)) {
    if (!node) return undefined;
    node = (node.type === 'array' ? node.items : node.properties?.[part]) as RJSFSchema | undefined;
  }
  return node as FieldSchema | undefined;
};

const TYPE_KEYS: Record<string, string> = {
  number: 'validation.number',
  integer: 'validation.integer',
  string: 'validation.string',
  boolean: 'validation.boolean',
};
/** Each format says what it expects, not only that the value is wrong. */
const FORMAT_KEYS: Record<string, string> = {
  date: 'validation.date',
  email: 'validation.email',
  'date-time': 'engine.messages.dateTime',
  uri: 'engine.messages.uri',
  'time-zone': 'validation.timeZone',
};
const RULE_KEYS: Record<string, string> = { exclusiveMinimum: 'validation.positive', minItems: 'validation.minItems' };

const messageKey = (e: RJSFValidationError): string => {
  const p = (e.params ?? {}) as Record<string, unknown>;
  switch (e.name) {
    case 'required':
      return 'validation.required';
    case 'type':
      return TYPE_KEYS[String(p.type)] ?? 'validation.format';
    case 'format':
      return FORMAT_KEYS[String(p.format)] ?? 'validation.format';
    case 'pattern':
    case 'enum':
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return `validation.${e.name}`;
    default:
      return RULE_KEYS[e.name ?? ''] ?? 'validation.format';
  }
};

/**
 * AJV's English -> our messages, the same keys and wording the server uses (locales/errors.json);
 * a field's `x-messages` replaces a rule's generic message ('Please select a country.').
 */
export const translateErrors =
  (t: TFunction, schema: RJSFSchema) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const p = (e.params ?? {}) as Record<string, unknown>;
      const own = schemaAt(schema, e.property)?.['x-messages']?.[e.name ?? ''];
      // A list drawn whole by one widget (x-suggest tags) has no place per item: its items'
      // problems are shown on the list itself.
      const list = e.property?.replace(/\.\d+$/, '');
      const whole = list !== e.property && schemaAt(schema, list)?.['x-suggest'];
      return { ...e, ...(whole && { property: list }), message: t(own ?? messageKey(e), { limit: p.limit }) };
    });
