import { Card, Segmented } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources/index';
import { buttonPermission } from '../../../domain/resource';
import { useAuthorized } from '../../engine/Authorized';
import { PageTitle } from '../../layout/PageTitle';
import { http } from '../../providers/http';
import { documentOfId } from './DocumentChooser';
import { awaitingDocuments } from './documents';
import { PickPanel } from './PickPanel';
import { ReceivePanel } from './ReceivePanel';
import { useOfflineApp } from './use-offline-app';
import './scan.css';

type Mode = 'receive' | 'pick';

/**
 * The scanner screen (issue 28), made for a phone held in one hand: receive an inbound or pick an
 * outbound by scanning with the camera or a keyboard-wedge scanner. Reached from the menu or from a
 * document (`?inbound=` / `?outbound=`); each mode shows to whoever may confirm its documents.
 */
const ScanPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canReceive = useAuthorized(buttonPermission(resourceByName('inbounds')!, 'confirm'));
  const canPick = useAuthorized(buttonPermission(resourceByName('outbounds')!, 'confirm'));
  const modes = [canReceive && ('receive' as const), canPick && ('pick' as const)].filter(Boolean) as Mode[];
  const asked: Mode = params.has('outbound') || params.get('mode') === 'pick' ? 'pick' : 'receive';
  const mode = modes.includes(asked) ? asked : modes[0];
  const initial = Number(params.get(mode === 'pick' ? 'outbound' : 'inbound')) || undefined;
  const kind = mode === 'pick' ? 'outbounds' : 'inbounds';
  const queryClient = useQueryClient();
  // What this screen read to open: the session, the awaiting documents, the linked one, the counts.
  useOfflineApp(() =>
    Promise.all([
      http.post('/system/users/getInfo', undefined, { silent: true, notify: false }),
      awaitingDocuments(kind),
      initial && documentOfId(kind, initial),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('scan-') }),
    ]).catch(() => undefined),
  );

  return (
    <Card
      size="small"
      className="scan-screen"
      title={<PageTitle>{t('scan.title')}</PageTitle>}
      style={{ maxWidth: 640, margin: '0 auto' }}
      styles={{ body: { padding: 12 } }}
    >
      {modes.length > 1 && (
        <Segmented
          block
          size="large"
          value={mode}
          onChange={(value) => setParams({ mode: value as Mode })}
          options={modes.map((m) => ({
            value: m,
            label: <span data-testid={`scan-mode-${m}`}>{t(`scan.${m}`)}</span>,
          }))}
          style={{ marginBottom: 12 }}
        />
      )}
      {mode === 'receive' && <ReceivePanel key="receive" initial={initial} />}
      {mode === 'pick' && <PickPanel key="pick" initial={initial} />}
    </Card>
  );
};

export default ScanPage;
