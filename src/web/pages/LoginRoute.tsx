import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { PageLoading } from '../layout/PageLoading';
import { authProvider } from '../providers/auth-provider';
import { homePath } from '../providers/session';
import { getToken } from '../providers/token';
import { LoginPage } from './LoginPage';

/**
 * /login outside Refine, so its first load stays small: a session that still holds goes home, a
 * refused one is dropped (with the server's reason) and the form shown.
 */
export const LoginRoute = () => {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'checking' | 'signedIn' | 'signedOut'>(() =>
    getToken() ? 'checking' : 'signedOut',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    void authProvider.check().then((answer) => live && setState(answer.authenticated ? 'signedIn' : 'signedOut'));
    return () => {
      live = false;
    };
  }, [state]);
  // The signed-in screens title themselves (layout/DocumentTitle.tsx); this one is outside them.
  useEffect(() => {
    document.title = `${t('login.title')} - ${siteTitle(i18n.language)}`;
  }, [t, i18n.language]);
  if (state === 'checking') return <PageLoading />;
  if (state === 'signedIn') return <Navigate to={homePath()} replace />;
  return <LoginPage />;
};
