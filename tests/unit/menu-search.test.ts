import { describe, expect, it } from 'vitest';
import { pinyin } from 'pinyin-pro';
import { buildMenuSearch, loadPinyin } from '../../src/web/layout/header/menu-search';

const items = [
  { path: '/configuration/countries', title: ['Configuration', 'Countries'] },
  { path: '/configuration/ports', title: ['Configuration', 'Ports'] },
  { path: '/organizations', title: ['Organizations'] },
];

const zhItems = [
  { path: '/configuration/countries', title: ['基础配置', '国家'] },
  { path: '/configuration/ports', title: ['基础配置', '港口'] },
  { path: '/organizations', title: ['客户管理'] },
];

describe('menu search (SPEC 9: fuse, threshold 0.4, title 0.7 / pinyin 0.3 / path 0.3)', () => {
  it('finds screens by a fuzzy title and by path', () => {
    const search = buildMenuSearch(items);
    expect(search('countri')[0].path).toBe('/configuration/countries');
    expect(search('orgnizations')[0].path).toBe('/organizations');
    expect(search('configuration/ports')[0].path).toBe('/configuration/ports');
    expect(search('')).toEqual([]);
    expect(search('zzzzqqq')).toEqual([]);
  });

  it('finds a Chinese title by its pinyin only when pinyin is given', async () => {
    const toPinyin = await loadPinyin();
    expect(toPinyin('港口')).toBe(pinyin('港口', { toneType: 'none', type: 'array' }).join(''));
    expect(buildMenuSearch(zhItems, toPinyin)('gangkou')[0].path).toBe('/configuration/ports');
    expect(buildMenuSearch(zhItems, toPinyin)('kehu')[0].path).toBe('/organizations');
    expect(buildMenuSearch(zhItems)('gangkou')).toEqual([]);
    expect(buildMenuSearch(zhItems)('港口')[0].path).toBe('/configuration/ports');
  });
});
