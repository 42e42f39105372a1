import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '../../domain/resource';
import { fieldLabel, formFields } from './fields';

/**
 * The form of a resource, derived from its schema: the JSON schema RJSF validates (editable
 * fields only), the uiSchema choosing widgets from the x- hints, and translated messages.
 */
export const formSchema = (def: ResourceDef): RJSFSchema => {
  const fields = formFields(def);
  const names = new Set(fields.map(([n]) => n));
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map(([n, s]) => [n, { ...s }])) as RJSFSchema['properties'],
    required: (def.schema.required ?? []).filter((n) => names.has(n)),
  };
};

export const formUiSchema = (def: ResourceDef, t: TFunction): UiSchema => {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [name, s] of formFields(def)) {
    const field: UiSchema = { 'ui:title': fieldLabel(def, name, t) };
    if (s['x-ref']) Object.assign(field, { 'ui:widget': 'RefWidget', 'ui:options': { resource: s['x-ref'] } });
    else if (s.enum) field['ui:widget'] = 'EnumWidget';
    else if (s['x-multiline']) Object.assign(field, { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } });
    else if (s.format === 'date') field['ui:widget'] = 'date';
    ui[name] = field;
  }
  return ui;
};

const TYPE_KEYS: Record<string, string> = { number: 'validation.number', integer: 'validation.integer', string: 'validation.string', boolean: 'validation.boolean' };

/** AJV's English -> our messages, the same keys and wording the server uses (locales/errors.json). */
export const translateErrors = (t: TFunction) => (errors: RJSFValidationError[]): RJSFValidationError[] =>
  errors.map((e) => {
    const p = (e.params ?? {}) as Record<string, unknown>;
    let key: string;
    switch (e.name) {
      case 'required':
        key = 'validation.required';
        break;
      case 'type':
        key = TYPE_KEYS[String(p.type)] ?? 'validation.format';
        break;
      case 'format':
        key = p.format === 'date' ? 'validation.date' : p.format === 'email' ? 'validation.email' : 'validation.format';
        break;
      case 'pattern':
      case 'enum':
      case 'minLength':
      case 'maxLength':
      case 'minimum':
      case 'maximum':
        key = `validation.${e.name}`;
        break;
      default:
        key = 'validation.format';
    }
    return { ...e, message: t(key, { limit: p.limit }) };
  });
