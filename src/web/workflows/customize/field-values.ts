import type { Change, CustomField, CustomFieldType, Labels } from '../../../domain/customization';

/** What the field editor holds: its inputs, some empty. */
export interface FieldValues {
  name?: string;
  type?: CustomFieldType;
  labels?: Labels;
  required?: boolean;
  default?: string | number | boolean | null;
  list?: boolean;
  filter?: boolean;
  unique?: boolean;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  values?: { value?: number | null; labels?: Labels }[];
  ref?: string;
}

/** What a record type's dialog holds. */
export interface ResourceValues {
  name?: string;
  labels?: Labels;
  organizationOwned?: boolean;
  fields?: FieldValues[];
}

const TEXTS: CustomFieldType[] = ['text', 'longText'];
const NUMBERS: CustomFieldType[] = ['integer', 'number'];
export const hasLength = (type?: CustomFieldType) => !!type && TEXTS.includes(type);
export const hasRange = (type?: CustomFieldType) => !!type && NUMBERS.includes(type);
/** Types whose default is typed in; a reference or value list starts empty. */
export const hasDefault = (type?: CustomFieldType) => !!type && type !== 'reference' && type !== 'enum';

/** The labels given, trimmed; an empty one is left out, so preview names it missing. */
export const givenLabels = (labels: Labels | undefined): Labels =>
  Object.fromEntries(
    Object.entries(labels ?? {})
      .map(([language, text]) => [language, text?.trim()])
      .filter(([, text]) => text),
  );

/** A field's body as the API takes it, with only what applies to its type. */
function fieldBody(v: FieldValues): Omit<CustomField, 'removed'> {
  const type = v.type ?? 'text';
  const value = <K extends keyof FieldValues>(key: K, when = true) => {
    const x = v[key];
    return when && x !== null && x !== undefined && x !== '' ? { [key]: x } : {};
  };
  return {
    name: (v.name ?? '').trim(),
    type,
    labels: givenLabels(v.labels),
    required: !!v.required,
    list: !!v.list,
    filter: !!v.filter,
    ...(v.unique && { unique: true }),
    ...value('default', hasDefault(type)),
    // The yes/no select holds its answer as text: the API takes a boolean.
    ...(type === 'boolean' && typeof v.default === 'string' && { default: v.default === 'true' }),
    ...value('minLength', hasLength(type)),
    ...value('maxLength', hasLength(type)),
    ...value('minimum', hasRange(type)),
    ...value('maximum', hasRange(type)),
    ...(type === 'enum' && {
      values: (v.values ?? []).map((row) => ({ value: Number(row.value), labels: givenLabels(row.labels) })),
    }),
    ...(type === 'reference' && { ref: v.ref }),
  } as Omit<CustomField, 'removed'>;
}

export const addFieldChange = (v: FieldValues): Change => ({ op: 'addField', ...fieldBody(v) });

export const addResourceChange = (v: ResourceValues): Change => ({
  op: 'addResource',
  labels: givenLabels(v.labels),
  organizationOwned: !!v.organizationOwned,
  fields: (v.fields ?? []).map(fieldBody),
});
