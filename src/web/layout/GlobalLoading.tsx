import { useSyncExternalStore } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../providers/loading';

/** A thin bar at the top while any non-silent request runs (SPEC 7: lookups pass `silent`). */
export const GlobalLoading = () => {
  const pending = useSyncExternalStore(loadingStore.subscribe, loadingStore.snapshot);
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={t('layout.loading')}
      aria-hidden={pending === 0}
      data-testid="global-loading"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 2000,
        background: token.colorPrimary,
        width: pending > 0 ? '80%' : '0%',
        opacity: pending > 0 ? 1 : 0,
        // antd's motion token is off where the system asks for less motion: the bar then only shows.
        transition: !token.motion
          ? 'none'
          : pending > 0
            ? 'width 8s cubic-bezier(0.1, 0.7, 0.1, 1)'
            : 'opacity 0.3s, width 0s 0.3s',
        pointerEvents: 'none',
      }}
    />
  );
};
