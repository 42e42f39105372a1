/** Tiny cookie helpers: the token, the language (SPEC 9) and later the size live in cookies. */
export const getCookie = (name: string): string | undefined => {
  const prefix = `${encodeURIComponent(name)}=`;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return hit === undefined ? undefined : decodeURIComponent(hit.slice(prefix.length));
};

export const setCookie = (name: string, value: string, days?: number) => {
  const expires = days ? `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}` : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
};

export const removeCookie = (name: string) => {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};
