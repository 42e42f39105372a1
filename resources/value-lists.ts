import { enums } from '../src/domain/enums';
import { resources } from './index';

/**
 * A value list's codes. A list an admin added (issue 40) is declared by its field's schema alone,
 * where a customization extends or retires its values; the shipped lists are src/domain/enums.ts's,
 * which their schemas repeat (JSON cannot import; tests/unit/locales.test.ts holds them equal).
 */
export function valueList(name: string): readonly (string | number)[] {
  const shipped = (enums as Record<string, readonly (string | number)[]>)[name];
  if (shipped) return shipped;
  for (const r of resources)
    for (const field of Object.values(r.schema.properties)) if (field['x-enum'] === name) return field.enum ?? [];
  return [];
}
