import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import i18n, { type Language } from './i18n';

/**
 * Dates (pickers, relative times) follow the interface language. Loaded with the signed-in shell:
 * the login page shows no date, so dayjs and its locales stay out of its first load (issue 13).
 */
const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' };

const applyDayjs = (lang: string) => dayjs.locale(DAYJS_LOCALE[lang as Language] ?? 'en');

applyDayjs(i18n.language);
i18n.on('languageChanged', applyDayjs);
