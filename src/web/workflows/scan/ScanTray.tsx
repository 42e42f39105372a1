import { Button, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrayScan } from './scan-log-types';

interface Props {
  tray: TrayScan[];
  /** The worker scans the item again: a new scan of the same code. */
  onScanAgain: (scan: TrayScan) => void;
  onRemove: (scan: TrayScan) => void;
}

/**
 * Scans this device counted that the server then refused (the document was confirmed meanwhile,
 * say): not counted, and kept in sight until the worker scans the item again or removes them.
 */
export const ScanTray = ({ tray, onScanAgain, onRemove }: Props) => {
  const { t } = useTranslation();
  if (!tray.length) return null;
  return (
    <Card
      size="small"
      type="inner"
      title={<Typography.Text type="danger">{t('scan.tray', { count: tray.length })}</Typography.Text>}
      style={{ margin: '8px 0', borderColor: '#ffccc7' }}
      data-testid="scan-tray"
    >
      <List
        dataSource={tray}
        rowKey="id"
        renderItem={(scan) => (
          <List.Item style={{ display: 'block' }} data-testid={`scan-tray-${scan.code}`}>
            <Typography.Text strong>{scan.code}</Typography.Text>
            {scan.pieces > 1 && <Typography.Text> × {scan.pieces}</Typography.Text>}
            <div>
              <Typography.Text type="secondary">{scan.message}</Typography.Text>
            </div>
            <Space style={{ marginTop: 4 }}>
              <Button size="large" onClick={() => onScanAgain(scan)}>
                {t('scan.scanAgain')}
              </Button>
              <Button size="large" danger onClick={() => onRemove(scan)}>
                {t('scan.remove')}
              </Button>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
};
