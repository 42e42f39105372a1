import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { CanAccess } from '@refinedev/core';
import { loginPath, currentPath } from './providers/auth-provider';
import { homePath } from './providers/session';

// Here for the signed-in pages' imports; its own module so the login page can show it without Refine.
export { PageLoading } from './layout/PageLoading';

/** Without a session: to the login page, remembering where the user wanted to go (SPEC 2). */
export const ToLogin = () => <Navigate to={loginPath(currentPath())} replace />;

/** `/` lands on the user's own dashboard: staff /dashboard, shipper /cargo/dashboard (DESIGN 8). */
export const HomeRedirect = () => <Navigate to={homePath()} replace />;

/**
 * A signed-in user on a screen they lack sees /401 (DESIGN C13). Refine leaves routes reachable
 * when access is denied, so every generated page is wrapped (STACK pitfall).
 */
export const Guard = ({ resource, action, children }: { resource: string; action: string; children: ReactNode }) => (
  <CanAccess resource={resource} action={action} fallback={<Navigate to="/401" replace />}>
    {children}
  </CanAccess>
);
