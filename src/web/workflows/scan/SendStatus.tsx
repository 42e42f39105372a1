import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { removeToken } from '../../providers/token';

interface Props {
  /** Scans on this device the server has not answered yet, of any document. */
  waiting: number;
  offline: boolean;
  signedOut: boolean;
  serverBusy: boolean;
}

/**
 * Why scans wait on the device, said plainly while they do: no network (they are sent when it is
 * back), a session that ended (sent once the worker signs in again), or a server that did not take
 * them (sent again shortly). Counting goes on meanwhile; while they are simply on their way nothing
 * is said.
 */
export const SendStatus = ({ waiting, offline, signedOut, serverBusy }: Props) => {
  const { t } = useTranslation();
  const said =
    signedOut && waiting
      ? ({ type: 'error', key: 'scan.signedOutWaiting' } as const)
      : offline
        ? ({ type: 'warning', key: 'scan.offlineWaiting' } as const)
        : serverBusy && waiting
          ? ({ type: 'warning', key: 'scan.serverWaiting' } as const)
          : undefined;
  if (!said) return null;
  return (
    <Alert
      type={said.type}
      showIcon
      data-testid="scan-send-status"
      message={t(said.key, { count: waiting })}
      action={
        said.type === 'error' && (
          <Button
            size="large"
            onClick={() => {
              // As the app's own logged-out box does: the login page brings the worker back here.
              removeToken();
              window.location.reload();
            }}
          >
            {t('scan.signIn')}
          </Button>
        )
      }
      style={{ margin: '8px 0' }}
    />
  );
};
