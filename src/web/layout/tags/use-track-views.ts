import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { homePath, type UserInfo } from '../../providers/session';
import { routeMeta } from '../route-meta';
import { visitView } from './tags-store';

/** Every titled screen visited becomes a tab; the user's home dashboard is pinned (affix). */
export const useTrackViews = () => {
  const { pathname, search } = useLocation();
  const { data: user } = useGetIdentity<UserInfo>();

  useEffect(() => {
    if (!user) return;
    const home = homePath(user);
    visitView(home, home, true);
  }, [user]);

  useEffect(() => {
    if (routeMeta(pathname)) visitView(pathname, `${pathname}${search}`);
  }, [pathname, search]);
};
