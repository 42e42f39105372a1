import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { loadLocales } from '../../src/server/i18n';
import { LANGUAGES, type Language } from './locale-files';

/** A `t` per language over the locale files, as the screens translate: for tests of pure web code. */
export async function translators(languages: readonly Language[] = LANGUAGES): Promise<Record<Language, TFunction>> {
  const locales = loadLocales(join(__dirname, '../../locales'));
  const made = {} as Record<Language, TFunction>;
  for (const lng of languages) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: locales[lng] } },
      interpolation: { escapeValue: false },
    });
    made[lng] = i18n.t;
  }
  return made;
}
