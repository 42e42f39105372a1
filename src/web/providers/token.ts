import { getCookie, removeCookie, setCookie } from './cookies';

/** The session token lives in cookie `Admin-Token` as `'{token_type} {access_token}'` (SPEC 7). */
export const TOKEN_COOKIE = 'Admin-Token';

export const getToken = () => getCookie(TOKEN_COOKIE) || undefined;
export const setToken = (value: string) => setCookie(TOKEN_COOKIE, value);
export const removeToken = () => removeCookie(TOKEN_COOKIE);
