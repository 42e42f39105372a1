import type { ConfigProviderProps } from 'antd';
import { getCookie, setCookie } from './cookies';
import { createStore, useStore } from './store';

/** Component sizes of SPEC 2, kept in a cookie (SPEC 9), default medium. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const SIZE_COOKIE = 'size';

const isSize = (v: string | undefined): v is Size => !!v && (SIZES as readonly string[]).includes(v);

export const sizeStore = createStore<Size>(
  isSize(getCookie(SIZE_COOKIE)) ? (getCookie(SIZE_COOKIE) as Size) : 'medium',
);

export const changeSize = (size: Size) => {
  setCookie(SIZE_COOKIE, size, 365);
  sizeStore.set(size);
};

export const useSize = () => useStore(sizeStore);

/**
 * DESIGN C11: default -> large, medium -> middle (antd's default), small -> small, mini -> small
 * with the compact algorithm (tighter paddings than antd's small alone).
 */
export const antdSizeOf = (size: Size): { componentSize: ConfigProviderProps['componentSize']; compact: boolean } => {
  if (size === 'default') return { componentSize: 'large', compact: false };
  if (size === 'small') return { componentSize: 'small', compact: false };
  if (size === 'mini') return { componentSize: 'small', compact: true };
  return { componentSize: 'middle', compact: false };
};
