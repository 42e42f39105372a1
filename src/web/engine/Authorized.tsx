import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allowed } from '../providers/access-control';
import { currentUser } from '../providers/session';

/** SPEC 5: a permission-tagged element must name its permission; an empty tag is a programming error. */
export const PERMISSION_TAG_REQUIRED = 'please set the operation permission tag value';

export const checkPermissionTag = (permission: string | undefined): string => {
  if (!permission?.trim()) throw new Error(PERMISSION_TAG_REQUIRED);
  return permission;
};

/** Whether the signed-in user holds a policy object; undefined while the answer is pending. */
export const useAuthorized = (permission: string) => {
  const obj = checkPermissionTag(permission);
  // The user id is in the key: a role change shows after the next sign-in (next getInfo).
  const { data } = useQuery({
    queryKey: ['authorized', currentUser()?.id, obj],
    queryFn: () => allowed(obj),
    staleTime: 0,
    gcTime: 60_000,
  });
  return data;
};

/** A button-level element (type-3 resource, SPEC 6): rendered only when the policy grants it. */
export const Authorized = ({ permission, children }: { permission: string; children: ReactNode }) =>
  useAuthorized(permission) ? <>{children}</> : null;
