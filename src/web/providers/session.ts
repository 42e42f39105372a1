import { http } from './http';

/** getInfo's answer (SPEC 3, DESIGN 3). Resource type 1 is a page, 3 a button. */
export interface UserInfo {
  roles: string[];
  name: string;
  avatar?: string;
  introduction?: string;
  id: number | string;
  organizationId?: number | string | null;
  resources: { name: string; type: number }[];
}

/** Why getInfo's answer was refused; the message key is shown to the user (SPEC 6). */
export class SessionError extends Error {}

let info: UserInfo | undefined;
let pending: Promise<UserInfo> | undefined;
const listeners = new Set<() => void>();

export const currentUser = () => info;

export const onSessionChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const validate = (data: unknown): UserInfo => {
  if (!data || typeof data !== 'object' || Object.keys(data).length === 0)
    throw new SessionError('auth.verificationFailed');
  const roles = (data as UserInfo).roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new SessionError('auth.rolesRequired');
  const resources = Array.isArray((data as UserInfo).resources) ? (data as UserInfo).resources : [];
  return { ...(data as UserInfo), resources };
};

/** Fetches getInfo once per session; errors are reported by the caller (the route guard). */
export const loadUserInfo = (): Promise<UserInfo> => {
  if (info) return Promise.resolve(info);
  pending ??= http
    .post<unknown>('/system/users/getInfo', undefined, { notify: false, reads: true })
    .then((data) => {
      info = validate(data);
      listeners.forEach((l) => l());
      return info;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
};

/** getInfo again (an admin's new record type brought its rights): the access rules follow the answer. */
export const refreshUserInfo = async () => {
  if (!info) return;
  info = validate(await http.post<unknown>('/system/users/getInfo', undefined, { notify: false, reads: true }));
  listeners.forEach((l) => l());
};

/** Forget the user (logout, failed getInfo): the access rules are rebuilt for the next one. */
export const clearSession = () => {
  info = undefined;
  pending = undefined;
  listeners.forEach((l) => l());
};

/** Shippers (cargo owners) land on their own dashboard (DESIGN 8). */
export const homePath = (user: UserInfo | undefined = info) => {
  const names = new Set(user?.resources.map((r) => r.name));
  if (names.has('dashboard')) return '/dashboard';
  if (names.has('cargo.dashboard')) return '/cargo/dashboard';
  return '/dashboard';
};
