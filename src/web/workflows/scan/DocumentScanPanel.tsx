import { Button, Card, Space } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { DocStatus } from '../../../domain/stock-flow';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import StockActions from '../stock/StockActions';
import { LabelButtons } from './LabelButtons';

/**
 * An inbound's or outbound's workflow panel, and beside it the scanning ways: receive or pick it
 * on the scanner screen while it awaits the warehouse, print its lots' labels once received.
 */
const DocumentScanPanel = (props: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { def, record } = props;
  const inbound = def.name === 'inbounds';
  const status = record.status as number;
  return (
    <>
      <StockActions {...props} />
      {(status === DocStatus.awaiting || (inbound && status === DocStatus.done)) && (
        <Card size="small" style={{ marginTop: 16 }} title={t('scan.title')}>
          <Space wrap>
            {status === DocStatus.awaiting && (
              <Authorized permission={buttonPermission(def, 'confirm')}>
                <Link to={`/inventories/scan?${inbound ? 'inbound' : 'outbound'}=${record.id}`}>
                  <Button size="large" icon={<ScanOutlined />} data-testid="scan-document-link">
                    {t(inbound ? 'scan.receiveByScanning' : 'scan.pickByScanning')}
                  </Button>
                </Link>
              </Authorized>
            )}
            {inbound && status === DocStatus.done && (
              <LabelButtons query={`inboundId=${record.id}`} name={`labels-${record.orderNo as string}`} />
            )}
          </Space>
        </Card>
      )}
    </>
  );
};

export default DocumentScanPanel;
