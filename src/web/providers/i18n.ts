import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { getCookie, setCookie } from './cookies';

/** Interface languages (SPEC 9, DESIGN C10): the menu offers all four. */
export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_COOKIE = 'language';

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

const deepMerge = (target: Tree, source: Tree): Tree => {
  for (const [k, v] of Object.entries(source)) {
    target[k] = isTree(v) && isTree(target[k]) ? deepMerge({ ...(target[k] as Tree) }, v) : v;
  }
  return target;
};

/**
 * locales/<lang>/*.json, one file per area, merged into one tree per language. Loaded per
 * language: the first screen carries only the one it shows (and English, the fallback), not all four.
 */
const BUNDLES: Record<string, () => Promise<{ default: Record<string, Tree> }>> = {
  en: () => import('./locales/en'),
  zh: () => import('./locales/zh'),
  es: () => import('./locales/es'),
  ja: () => import('./locales/ja'),
};

const loaded = new Map<string, Promise<void>>();
export const loadLanguage = (lang: string) => {
  let done = loaded.get(lang);
  if (!done) {
    done = (BUNDLES[lang] ?? BUNDLES.en)().then(({ default: files }) => {
      i18n.addResourceBundle(
        lang,
        'translation',
        Object.values(files).reduce<Tree>((all, tree) => deepMerge(all, tree), {}),
        true,
        true,
      );
    });
    loaded.set(lang, done);
  }
  return done;
};

const isLanguage = (v: string | undefined): v is Language => !!v && (LANGUAGES as readonly string[]).includes(v);

/** Cookie, else the first browser language that matches, else English (SPEC 9). */
export const detectLanguage = (): Language => {
  const fromCookie = getCookie(LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
};

const initialLanguage = detectLanguage();
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;

/** Resolves once the texts of the first screen are in: the app renders after it. */
export const i18nReady = Promise.all([loadLanguage(initialLanguage), loadLanguage('en')]);

i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
});

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Switching stores the choice in the cookie so the next visit (and the server's messages) follow it. */
export const changeLanguage = async (lang: Language) => {
  setCookie(LANGUAGE_COOKIE, lang, 365);
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
};

/** Refine reads its button and notification texts through this. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const opts = typeof options === 'object' && options ? options : {};
    return String(i18n.t(key, { defaultValue: fallback ?? key, ...opts }));
  },
  changeLocale: (lang) => changeLanguage(lang as Language),
  getLocale: () => currentLanguage(),
};

export default i18n;
