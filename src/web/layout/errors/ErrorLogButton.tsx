import { lazy, Suspense } from 'react';
import { useErrorLog } from './error-log';

// Fetched with the first error caught, which most sessions never meet: antd's Badge came with it
// into every first load (issue 13).
const ErrorLogBadge = lazy(() => import('./ErrorLogBadge'));

/** The error log viewer (SPEC 2, 8): shown once a runtime error has been caught. */
export const ErrorLogButton = () => {
  const log = useErrorLog();
  if (!log.length) return null;
  return (
    <Suspense fallback={null}>
      <ErrorLogBadge />
    </Suspense>
  );
};
