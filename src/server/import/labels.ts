import { join } from 'node:path';
import { declarationsVersion } from '../../../resources/overlay';
import { valueList } from '../../../resources/value-lists';
import type { ImportColumn, ImportSheetSpec } from '../../domain/import-sheets';
import type { LabelIndex } from '../../domain/import-cells';
import { LANGUAGES, loadLocales, translator, type Language, type Translate } from '../i18n';
import { ROOT_DIR } from '../paths';

/** The locale files, read once: templates are written and files read in every language. */
let translators: Record<Language, Translate> | undefined;
export const translate = (lang: Language): Translate => {
  if (!translators) {
    const locales = loadLocales(join(ROOT_DIR, 'locales'));
    translators = Object.fromEntries(LANGUAGES.map((l) => [l, translator(locales, l)])) as Record<Language, Translate>;
  }
  return translators[lang];
};

const indexes = new Map<string, Map<string, string | number | boolean>>();

/** Every language's label of every value (and the codes themselves), so a file reads in any of them. */
export const labelIndex: LabelIndex = (name) => {
  // By the declarations' version too: an admin's value list gains and retires values (issue 40).
  const key = `${name}\u0000${declarationsVersion()}`;
  let index = indexes.get(key);
  if (!index) {
    index = new Map();
    const values: readonly (string | number | boolean)[] = name === 'boolean' ? [true, false] : valueList(name);
    for (const value of values) {
      index.set(String(value).toLowerCase(), value);
      for (const lang of LANGUAGES) {
        const key = name === 'boolean' ? `common.${value ? 'yes' : 'no'}` : `enums.${name}.${String(value)}`;
        index.set(translate(lang)(key).trim().toLowerCase(), value);
      }
    }
    indexes.set(key, index);
  }
  return index;
};

/** A column's header: the field's label, a parent's key prefixed by the parent's name. */
export const columnLabel = (column: ImportColumn, t: Translate) => {
  const label = t(`${column.owner.name}.fields.${column.field}`);
  return column.parentKey ? `${t(`${column.owner.name}.titles.show`)} · ${label}` : label;
};

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export const sheetName = (sheet: ImportSheetSpec, t: Translate) =>
  t(`${sheet.def.name}.titles.list`)
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);

const REQUIRED_MARK = /\s*\*$/;
const normal = (text: string) => text.replace(REQUIRED_MARK, '').trim().toLowerCase();

/** Which column a header names, in whichever language the file was made (or by the field's name). */
export function headerMatcher(sheet: ImportSheetSpec) {
  const byText = new Map<string, ImportColumn>();
  for (const column of sheet.columns) {
    byText.set(column.name.toLowerCase(), column);
    for (const lang of LANGUAGES) byText.set(normal(columnLabel(column, translate(lang))), column);
  }
  return (header: string) => byText.get(normal(header));
}

/** Which sheet of the file holds a resource's rows: by its name in any language, or its resource name. */
export const sheetNames = (sheet: ImportSheetSpec) =>
  new Set([sheet.def.name.toLowerCase(), ...LANGUAGES.map((lang) => sheetName(sheet, translate(lang)).toLowerCase())]);
