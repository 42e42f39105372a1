import {
  toErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidatorType,
} from '@rjsf/utils';
import { isValidBarcode } from '../../domain/barcode';
import { isValidContainerNo } from '../../domain/container';
import { isTimeZone } from '../../domain/time-zone';

/**
 * RJSF's validator without code generation. Ajv compiles each schema into a function with `new
 * Function`, which the Content-Security-Policy (script-src 'self') forbids, so every generated form
 * would fail to check itself. This walks the keywords our schemas use instead (type, required, enum,
 * limits, pattern, format, items); the server still checks everything with Ajv. Errors have Ajv's
 * shape (`name`, `property` as `.a.0.b`, `params`) so the messages are translated the same way.
 */
type Node = RJSFSchema & { exclusiveMinimum?: number };

const PATTERNS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
};
const FORMATS: Record<string, (value: string) => boolean> = {
  ...Object.fromEntries(Object.entries(PATTERNS).map(([name, pattern]) => [name, (v: string) => pattern.test(v)])),
  'time-zone': isTimeZone,
  barcode: isValidBarcode,
  'container-no': isValidContainerNo,
};

const typeOk = (type: unknown, v: unknown) => {
  switch (type) {
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return true;
  }
};

const walk = (schema: Node, value: unknown, property: string, out: RJSFValidationError[]) => {
  const fail = (name: string, params: Record<string, unknown> = {}, at = property) =>
    out.push({ name, property: at, params, message: name, stack: `${at} ${name}`, schemaPath: '' });
  if (value === undefined) return;
  if (schema.type && !typeOk(schema.type, value)) return fail('type', { type: schema.type });
  if (schema.enum && !schema.enum.some((e) => e === value)) return fail('enum', { allowedValues: schema.enum });
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail('minimum', { limit: schema.minimum });
    if (schema.maximum !== undefined && value > schema.maximum) fail('maximum', { limit: schema.maximum });
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      fail('exclusiveMinimum', { limit: schema.exclusiveMinimum });
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) fail('minLength', { limit: schema.minLength });
    if (schema.maxLength !== undefined && length > schema.maxLength) fail('maxLength', { limit: schema.maxLength });
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) fail('pattern', { pattern: schema.pattern });
    if (schema.format && FORMATS[schema.format] && !FORMATS[schema.format](value))
      fail('format', { format: schema.format });
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail('minItems', { limit: schema.minItems });
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail('maxItems', { limit: schema.maxItems });
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size < value.length) fail('uniqueItems');
    const items = schema.items as Node | undefined;
    if (items && typeof items === 'object' && !Array.isArray(items))
      value.forEach((v, i) => walk(items, v, `${property}.${i}`, out));
  }
  if (typeOk('object', value) && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      const v = record[name];
      if (v === undefined || v === null) fail('required', { missingProperty: name }, `${property}.${name}`);
    }
    for (const [name, child] of Object.entries(schema.properties))
      if (record[name] !== null) walk(child as Node, record[name], `${property}.${name}`, out);
  }
};

export const validateSchema = (schema: RJSFSchema, value: unknown): RJSFValidationError[] => {
  const out: RJSFValidationError[] = [];
  walk(schema as Node, value, '', out);
  return out;
};

export const schemaValidator: ValidatorType = {
  validateFormData: (
    formData: unknown,
    schema: RJSFSchema,
    _custom?: unknown,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ) => {
    let errors = validateSchema(schema, formData ?? {});
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid: (schema: RJSFSchema, formData: unknown) => validateSchema(schema, formData).length === 0,
  rawValidation: <Result>(schema: RJSFSchema, formData?: unknown) => ({
    errors: validateSchema(schema, formData) as Result[],
  }),
};
