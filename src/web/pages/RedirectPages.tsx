import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Spin } from 'antd';

/** /redirect/<path>: navigate to <path> (keeps the query); reloads a tab without a full reload. */
export const RedirectPage = () => {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
};

/**
 * /auth-redirect: the landing point of an outside sign-in. The opener (if any) gets the query
 * string; otherwise the user continues at `redirect` or home.
 */
export const AuthRedirectPage = () => {
  const { search } = useLocation();
  useEffect(() => {
    const hash = search.slice(1);
    if (window.opener && window.opener !== window) {
      window.opener.location.href = `${window.location.origin}/login#${hash}`;
      window.close();
    }
  }, [search]);
  if (window.opener && window.opener !== window) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  const target = new URLSearchParams(search).get('redirect');
  return <Navigate to={target && target.startsWith('/') && !target.startsWith('//') ? target : '/'} replace />;
};
