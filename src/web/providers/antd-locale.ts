import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';

/** antd's own texts follow the interface language; the other three load when first chosen. */
const LOADERS: Record<string, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

export const useAntdLocale = (lang: string): Locale => {
  const [locale, setLocale] = useState<Locale>(enUS);
  useEffect(() => {
    let live = true;
    const load = LOADERS[lang];
    if (!load) setLocale(enUS);
    else void load().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [lang]);
  return locale;
};
