import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScanUser } from '../../../domain/scan-totals';

/**
 * Who counted what on this document, as the server has it: several workers unloading one
 * container each see their share and the others'. Shown once anyone has scanned.
 */
export const ScanWorkers = ({ users }: { users: readonly ScanUser[] | undefined }) => {
  const { t } = useTranslation();
  if (!users?.length) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="scan-workers" style={{ marginBottom: 8 }}>
      {t('scan.byWorker')}{' '}
      {users
        .map((u) => t('scan.workerShare', { name: u.userName ?? u.userId, scanned: u.scanned, scans: u.scans }))
        .join(' · ')}
    </Typography.Paragraph>
  );
};
