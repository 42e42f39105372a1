/**
 * The site's own details (DESIGN 8): site title, company contact details, feedback address and the
 * image host. Demo values; a deployment edits this one file. Titles are per interface language.
 */
export const siteSettings = {
  title: {
    en: 'Logistics Back Office',
    zh: '物流管理系统',
    es: 'Gestión Logística',
    ja: '物流管理システム',
  } as Record<string, string>,
  company: {
    name: {
      en: 'Demo Logistics Co., Ltd.',
      zh: '演示物流有限公司',
      es: 'Demo Logistics S.L.',
      ja: 'デモ物流株式会社',
    } as Record<string, string>,
    phone: '+86 21 5555 0100',
    email: 'support@demo-logistics.example',
    wechat: 'demo-logistics',
    address: {
      en: 'Room 1001, 88 Harbour Road, Shanghai',
      zh: '上海市港湾路 88 号 1001 室',
      es: 'Oficina 1001, Harbour Road 88, Shanghái',
      ja: '上海市港湾路 88 号 1001 室',
    } as Record<string, string>,
    hours: 'Mon–Fri 09:00–18:00 (UTC+8)',
  },
  feedbackEmail: 'feedback@demo-logistics.example',
  /**
   * The business's IANA time zone: a new warehouse's until it names its own, and the day of reports
   * for a viewer whose browser names none.
   */
  timeZone: 'Asia/Shanghai',
  /** Prefix of relative image paths (what /oss/upload answers in `path`). */
  imageHost: '/api/1.0/oss/files',
};

/** A per-language value, English when the language has none. */
export const localized = (values: Record<string, string>, lang: string) => values[lang] ?? values.en;

export const siteTitle = (lang: string) => localized(siteSettings.title, lang);
