import type { AuthProvider } from '@refinedev/core';
import i18n from './i18n';
import { ERROR_SECONDS, feedback } from './feedback';
import { ApiError, http } from './http';
import { clearSession, currentUser, homePath, loadUserInfo, SessionError } from './session';
import { getToken, removeToken, setToken } from './token';

/**
 * The route guard's rules (SPEC 2 "Routing behaviour", SPEC 6, DESIGN 8 C13). Refine calls
 * `check` before every protected screen; the login page and the public pages skip it.
 */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;

export const loginPath = (redirect = currentPath()) =>
  !redirect || redirect === '/' || redirect.startsWith('/login')
    ? '/login'
    : `/login?redirect=${encodeURIComponent(redirect)}`;

/** Where to go after login: the redirect parameter when it is a path of this site, else home. */
export const redirectTarget = (search = window.location.search) => {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : undefined;
};

const messageOf = (err: unknown) =>
  err instanceof SessionError
    ? i18n.t(err.message)
    : err instanceof Error && err.message
      ? err.message
      : i18n.t('auth.hasError');

export const authProvider: AuthProvider = {
  login: async ({ username, password }: { username: string; password: string }) => {
    let data: { token_type: string; access_token: string };
    try {
      // A refused sign-in (60204, 42901...) is toasted by the HTTP client with the server message.
      data = await http.post('/system/users/login', { username: String(username ?? '').trim(), password });
    } catch (err) {
      return { success: false, error: { name: i18n.t('login.failed'), message: messageOf(err) } };
    }
    setToken(`${data.token_type} ${data.access_token}`);
    clearSession();
    try {
      const user = await loadUserInfo();
      return { success: true, redirectTo: redirectTarget() ?? homePath(user) };
    } catch (err) {
      removeToken();
      clearSession();
      void feedback.message.error(messageOf(err), ERROR_SECONDS);
      return { success: false, error: { name: i18n.t('login.failed'), message: messageOf(err) } };
    }
  },

  logout: async () => {
    const back = currentPath();
    if (getToken()) await http.post('/system/users/logout', undefined, { notify: false }).catch(() => undefined);
    removeToken();
    clearSession();
    return { success: true, redirectTo: loginPath(back) };
  },

  check: async () => {
    if (!getToken()) return { authenticated: false, redirectTo: loginPath(), logout: false };
    if (currentUser()) return { authenticated: true };
    try {
      await loadUserInfo();
      return { authenticated: true };
    } catch (err) {
      // Token refused or info unusable: start again from the login page, back here afterwards.
      removeToken();
      clearSession();
      void feedback.message.error(messageOf(err), ERROR_SECONDS);
      return { authenticated: false, redirectTo: loginPath(), logout: false, error: err as Error };
    }
  },

  /** The HTTP client already showed the toast or the logged-out box; nothing more to do here. */
  onError: async (error: unknown) => ({ error: error instanceof ApiError ? error : undefined }),

  getIdentity: async () => currentUser() ?? null,
  getPermissions: async () => currentUser()?.roles ?? null,
};
