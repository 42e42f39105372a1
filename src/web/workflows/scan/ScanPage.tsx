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
import { awaitingDocuments, SCAN_KINDS, type DocumentKind } from './documents';
import { CountPanel } from './CountPanel';
import { PickPanel } from './PickPanel';
import { ReceivePanel } from './ReceivePanel';
import { useOfflineApp } from './use-offline-app';
import './scan.css';

type Mode = 'receive' | 'pick' | 'return' | 'count';

/** The documents each mode works (SCAN_KINDS says which mode works a kind). */
const KIND = Object.fromEntries(
  Object.entries(SCAN_KINDS).map(([kind, { mode }]) => [mode, kind as DocumentKind]),
) as Record<Mode, DocumentKind>;

/** Whoever may book a kind's scans may scan it. */
const useMayScan = (kind: DocumentKind) =>
  useAuthorized(buttonPermission(resourceByName(kind)!, SCAN_KINDS[kind].books));

/**
 * The scanner screen (issue 28), made for a phone held in one hand: receive an inbound, pick an
 * outbound, receive an approved return or count a warehouse's lots blind (issue 42) by scanning with the camera or a keyboard-wedge
 * scanner. Reached from the menu or from a document (`?inbound=`, `?outbound=`, `?return=`, `?count=`); each
 * mode shows to whoever may book its documents.
 */
const ScanPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const may: Record<Mode, boolean | undefined> = {
    receive: useMayScan('inbounds'),
    pick: useMayScan('outbounds'),
    return: useMayScan('returns'),
    count: useMayScan('counts'),
  };
  const all = Object.keys(KIND) as Mode[];
  const modes = all.filter((m) => may[m]);
  // Receiving is the screen's default: another mode is asked for by name or by a document of it.
  const asked = all.find((m) => params.has(SCAN_KINDS[KIND[m]].param) || params.get('mode') === m) ?? 'receive';
  const mode = modes.includes(asked) ? asked : modes[0];
  // None yet while the rights are read: the documents asked for are read meanwhile.
  const kind = KIND[mode ?? asked];
  const initial = Number(params.get(SCAN_KINDS[kind].param)) || undefined;
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
      {mode === 'return' && <ReceivePanel key="return" kind="returns" initial={initial} />}
      {mode === 'count' && <CountPanel key="count" initial={initial} />}
    </Card>
  );
};

export default ScanPage;
