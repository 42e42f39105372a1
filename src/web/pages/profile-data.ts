import { useEffect, useState } from 'react';
import { ApiError, http } from '../providers/http';
import type { UserInfo } from '../providers/session';

export interface OrgRef {
  id: number | string;
  organizationName?: string;
}

export interface ProfileOrgs {
  own?: OrgRef;
  managed: OrgRef[];
  loading: boolean;
}

const quiet = { notify: false, silent: true } as const;

const ownOrganization = async (id: UserInfo['organizationId']): Promise<OrgRef | undefined> => {
  if (id === null || id === undefined || id === '') return undefined;
  // A role that may not read organizations still sees its own organization's id.
  return http.get<OrgRef>(`/organizations/${encodeURIComponent(String(id))}`, quiet).catch(() => ({ id }));
};

/**
 * The organizations a user manages. Admins read their assignment (the endpoint is admin only);
 * others see the organizations they can list, and without an organizations page their own only.
 */
const managedOrganizations = async (user: UserInfo, own: OrgRef | undefined): Promise<OrgRef[]> => {
  const isAdmin = user.resources.some((r) => r.name === 'permissions.users');
  try {
    const url = isAdmin ? `/system/users/${encodeURIComponent(String(user.id))}/organizations` : '/organizations';
    const data = await http.get<{ rows: OrgRef[] }>(url, { ...quiet, query: isAdmin ? undefined : { pageSize: 1000 } });
    return data.rows;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 403) return own ? [own] : [];
    throw err;
  }
};

export const useProfileOrganizations = (user: UserInfo | undefined): ProfileOrgs & { error?: string } => {
  const [state, setState] = useState<ProfileOrgs & { error?: string }>({ managed: [], loading: true });
  useEffect(() => {
    if (!user) return;
    let live = true;
    void (async () => {
      const own = await ownOrganization(user.organizationId);
      try {
        const managed = await managedOrganizations(user, own);
        if (live) setState({ own, managed, loading: false });
      } catch (err) {
        if (live)
          setState({ own, managed: [], loading: false, error: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [user]);
  return state;
};
