import { useEffect, useState } from 'react';
import { dataRights } from '../../../resources/rights';
import { allPages } from '../providers/all-pages';
import { ApiError, http } from '../providers/http';
import type { UserInfo } from '../providers/session';

export interface OrgRef {
  id: number | string;
  organizationName?: string;
}

export interface ProfileOrgs {
  own?: OrgRef;
  managed: OrgRef[];
  /** The user's roles grant data.allOrganizations: every organization, none listed. */
  all: boolean;
  loading: boolean;
}

const quiet = { notify: false, silent: true } as const;

const ownOrganization = async (id: UserInfo['organizationId']): Promise<OrgRef | undefined> => {
  if (id === null || id === undefined || id === '') return undefined;
  // A role that may not read organizations still sees its own organization's id.
  return http.get<OrgRef>(`/organizations/${encodeURIComponent(String(id))}`, quiet).catch(() => ({ id }));
};

/**
 * The organizations a user manages. Who may read users' assignments reads their own; others see
 * every organization they can list (their own and managed ones), and without an organizations
 * page their own only.
 */
const managedOrganizations = async (user: UserInfo, own: OrgRef | undefined): Promise<OrgRef[]> => {
  const readsAssignments = user.resources.some((r) => r.name === 'permissions.users');
  try {
    if (readsAssignments)
      return (
        await http.get<{ rows: OrgRef[] }>(`/system/users/${encodeURIComponent(String(user.id))}/organizations`, quiet)
      ).rows;
    return (await allPages<OrgRef>('/organizations', { sort: 'organizationName' }, quiet)).rows;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 403) return own ? [own] : [];
    throw err;
  }
};

export const useProfileOrganizations = (user: UserInfo | undefined): ProfileOrgs & { error?: string } => {
  const [state, setState] = useState<ProfileOrgs & { error?: string }>({ managed: [], all: false, loading: true });
  useEffect(() => {
    if (!user) return;
    let live = true;
    void (async () => {
      const own = await ownOrganization(user.organizationId);
      const all = user.resources.some((r) => r.name === dataRights.allOrganizations);
      try {
        const managed = all ? [] : await managedOrganizations(user, own);
        if (live) setState({ own, managed, all, loading: false });
      } catch (err) {
        if (live)
          setState({ own, managed: [], all, loading: false, error: err instanceof Error ? err.message : String(err) });
      }
    })();
    return () => {
      live = false;
    };
  }, [user]);
  return state;
};
