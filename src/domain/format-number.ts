import { sumDecimals, PRICE_TYPE_PER_PIECE } from './money';
import { siteSettings } from './site-settings';

const SI: [number, string][] = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** 12345 -> '12.3k', 2500000 -> '2.5M' (SPEC 9: k M G T P E); trailing zeros dropped. */
export const abbreviateNumber = (num: number, digits = 1) => {
  for (const [value, symbol] of SI) {
    if (Math.abs(num) >= value) return (num / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1') + symbol;
  }
  return String(num);
};

/** An amount with 2 decimals and the currency label after it (SPEC 5); '' when there is none. */
export const formatAmount = (value: string | number | null | undefined, currencyLabel?: string) => {
  if (value === null || value === undefined || value === '') return '';
  let amount: string;
  try {
    amount = sumDecimals([value], 2);
  } catch {
    return String(value);
  }
  return currencyLabel ? `${amount} ${currencyLabel}` : amount;
};

/** The word for "piece" per interface language (DESIGN 8). */
export const PIECE_LABEL: Record<string, string> = { zh: '件', en: 'pc', es: 'ud.', ja: '件' };

/** Price per piece (type 1) is per 件 / pc / ud.; any other price type is per quantity unit. */
export const priceUnitLabel = (priceType: number | null | undefined, lang: string, quantityUnitLabel = '') =>
  Number(priceType ?? PRICE_TYPE_PER_PIECE) === PRICE_TYPE_PER_PIECE
    ? (PIECE_LABEL[lang] ?? PIECE_LABEL.en)
    : quantityUnitLabel;

const ABSOLUTE = /^(https?:)?\/\/|^(data|blob):/i;

/**
 * A thumbnail of an image (SPEC 9): width 50 by default, resized through a query parameter;
 * relative paths get the image host in front.
 */
export const thumbnailUrl = (url: string | null | undefined, width = 50, host = siteSettings.imageHost) => {
  if (!url) return '';
  if (/^(data|blob):/i.test(url)) return url;
  const full =
    ABSOLUTE.test(url) || url.startsWith(host) ? url : `${host.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
  return `${full}${full.includes('?') ? '&' : '?'}x-oss-process=image/resize,w_${width}`;
};
