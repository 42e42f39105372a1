import Fuse from 'fuse.js';

/** One searchable screen: its path and the titles from the menu group down to it. */
export interface SearchItem {
  path: string;
  title: string[];
  /** The titles in pinyin without tones, set only when pinyin search applies. */
  pinyinTitle?: string[];
}

/** Fuzzy menu search with the weights and threshold of SPEC 9. */
export const buildMenuSearch = (items: SearchItem[], toPinyin?: (text: string) => string) => {
  const data = toPinyin ? items.map((i) => ({ ...i, pinyinTitle: i.title.map(toPinyin) })) : items;
  const fuse = new Fuse(data, {
    shouldSort: true,
    threshold: 0.4,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'pinyinTitle', weight: 0.3 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query: string) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
};

/** pinyin-pro is large: it is loaded only when a Chinese user searches with pinyin on. */
export const loadPinyin = async () => {
  const { pinyin } = await import('pinyin-pro');
  return (text: string) => pinyin(text, { toneType: 'none', type: 'array' }).join('');
};
