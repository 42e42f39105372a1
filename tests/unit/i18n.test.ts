import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocales, pickLanguage, translator } from '../../src/server/i18n';

describe('server translations', () => {
  it('picks the language from lang, then Accept-Language, else en', () => {
    expect(pickLanguage('ja', 'zh-CN')).toBe('ja');
    expect(pickLanguage(undefined, 'fr-FR,zh-CN;q=0.8,en;q=0.5')).toBe('zh');
    expect(pickLanguage(undefined, 'es-MX')).toBe('es');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });

  it('fills parameters and falls back to English, then to the key', () => {
    const locales = loadLocales(join(__dirname, '../../locales'));
    expect(translator(locales, 'zh')('errors.rateLimited', { minutes: 3 })).toBe('登录失败次数过多，请 3 分钟后再试。');
    expect(translator(locales, 'ja')('no.such.key')).toBe('no.such.key');
  });

  it('picks the plural form of a count by the language, as i18next does in the browser', () => {
    const locales = loadLocales(join(__dirname, '../../locales'));
    expect(translator(locales, 'en')('import.invalid', { count: 1 })).toBe(
      '1 problem in the file; nothing was imported.',
    );
    expect(translator(locales, 'en')('import.invalid', { count: 3 })).toBe(
      '3 problems in the file; nothing was imported.',
    );
    expect(translator(locales, 'zh')('import.invalid', { count: 1 })).toBe('文件中有 1 处问题，未导入任何数据。');
  });
});
