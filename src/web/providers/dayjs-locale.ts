import dayjs from 'dayjs';
import i18n from './i18n';

/**
 * Dates (pickers, relative times) follow the interface language. Loaded with the signed-in shell:
 * the login page shows no date, so dayjs stays out of its first load (issue 13). English is
 * dayjs's own; the other three load when first chosen, as antd's texts do (antd-locale.ts).
 */
const LOCALES: Record<string, { code: string; load: () => Promise<unknown> }> = {
  zh: { code: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  es: { code: 'es', load: () => import('dayjs/locale/es') },
  ja: { code: 'ja', load: () => import('dayjs/locale/ja') },
};

const applyDayjs = (lang: string) => {
  const locale = LOCALES[lang];
  if (!locale) return void dayjs.locale('en');
  // A quicker switch to another language wins over a locale still loading.
  void locale.load().then(() => i18n.language === lang && dayjs.locale(locale.code));
};

applyDayjs(i18n.language);
i18n.on('languageChanged', applyDayjs);
