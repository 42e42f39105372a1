import { Button, Card, Space } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { DocStatus } from '../../../domain/stock-flow';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { SCAN_KINDS, type DocumentKind } from './documents';
import { LabelButtons } from './LabelButtons';

/** The words of the link to the scanner screen, by what scanning does to the document. */
const BY_SCANNING: Record<DocumentKind, string> = {
  inbounds: 'scan.receiveByScanning',
  outbounds: 'scan.pickByScanning',
  returns: 'scan.receiveByScanning',
  counts: 'scan.countByScanning',
};

/**
 * The scanning ways of an inbound, an outbound, a return or a count, below its fields (its actions are the
 * engine's, in the page header): receive or pick it on the scanner screen while it waits for the
 * warehouse, print an inbound's lots' labels once received.
 */
const DocumentScanPanel = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const inbound = def.name === 'inbounds';
  const { status: waiting, books, param } = SCAN_KINDS[def.name as DocumentKind];
  const status = record.status as number;
  if (status !== waiting && !(inbound && status === DocStatus.done)) return null;
  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('scan.title')}>
      <Space wrap>
        {status === waiting && (
          <Authorized permission={buttonPermission(def, books)}>
            <Link to={`/inventories/scan?${param}=${record.id}`}>
              <Button size="large" icon={<ScanOutlined />} data-testid="scan-document-link">
                {t(BY_SCANNING[def.name as DocumentKind])}
              </Button>
            </Link>
          </Authorized>
        )}
        {inbound && status === DocStatus.done && (
          <LabelButtons query={`inboundId=${record.id}`} name={`labels-${record.orderNo as string}`} />
        )}
      </Space>
    </Card>
  );
};

export default DocumentScanPanel;
