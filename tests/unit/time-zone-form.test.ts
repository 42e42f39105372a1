import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { warehouses } from '../../resources/warehouses';
import { siteSettings } from '../../src/domain/site-settings';
import { formSchema, formUiSchema, translateErrors } from '../../src/web/engine/form-schema';
import { validateSchema } from '../../src/web/engine/schema-validator';

const t = ((key: string) => key) as unknown as TFunction;

describe("a warehouse form's time zone", () => {
  const schema = formSchema(warehouses);
  const record = { name: 'Tokyo Ota', shortName: 'TYO-OTA', address: 'Ota-ku', status: 1 };

  it("is a searchable zone select starting at the business's zone", () => {
    expect(formUiSchema(warehouses, t).timeZone['ui:widget']).toBe('TimeZoneWidget');
    expect(schema.properties!.timeZone).toMatchObject({ format: 'time-zone', default: siteSettings.timeZone });
    expect(schema.required).toContain('timeZone');
  });

  it('refuses a zone the browser does not know, with the same message as the server', () => {
    expect(validateSchema(schema, { ...record, timeZone: 'Asia/Tokyo' })).toEqual([]);
    const errors = validateSchema(schema, { ...record, timeZone: 'Mars/Olympus' });
    expect(translateErrors(t, schema)(errors).map((e) => [e.property, e.message])).toEqual([
      ['.timeZone', 'validation.timeZone'],
    ]);
  });
});
