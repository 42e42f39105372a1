import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { inbounds } from '../../resources/inbounds';
import { outbounds } from '../../resources/outbounds';
import { loadLocales } from '../../src/server/i18n';
import { formUiSchema } from '../../src/web/engine/form-schema';

const translators: Record<string, TFunction> = {};
beforeAll(async () => {
  const locales = loadLocales(join(__dirname, '../../locales'));
  for (const lng of ['en', 'zh', 'es', 'ja'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: locales[lng] } },
      interpolation: { escapeValue: false },
    });
    translators[lng] = i18n.t;
  }
});

describe("a document form's lines", () => {
  it('are headed once, by their section, in every language', () => {
    for (const t of Object.values(translators))
      for (const def of [inbounds, outbounds]) {
        expect(formUiSchema(def, t).lines['ui:title']).toBe('');
        // Fields beside them keep their labels.
        expect(formUiSchema(def, t).remarks['ui:title']).toBe(t(`${def.name}.fields.remarks`));
      }
  });
});
