import { describe, expect, it } from 'vitest';
import { countries } from '../../resources/countries';
import { contacts } from '../../resources/contacts';
import { recordLabel } from '../../src/domain/resource';

describe('record labels', () => {
  it('names a record in the screen language where the resource is bilingual', () => {
    const china = { id: 45, nameEn: 'China', nameCn: '中国' };
    expect(recordLabel(countries, china, 'zh')).toBe('中国');
    expect(recordLabel(countries, china, 'en')).toBe('China');
    expect(recordLabel(countries, china, 'ja')).toBe('China');
  });

  it('falls back to the default label, then the key, where the language field is empty', () => {
    expect(recordLabel(countries, { id: 1, nameEn: 'Aruba', nameCn: '' }, 'zh')).toBe('Aruba');
    expect(recordLabel(contacts, { id: 7, nameCn: '王经理', nameEn: null }, 'en')).toBe('王经理');
    expect(recordLabel(contacts, { id: 7 }, 'en')).toBe('7');
  });
});
