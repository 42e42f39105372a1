import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { LabelButtons } from './LabelButtons';

/** On a lot's page its label; on a SKU's page the labels of its lots still in stock. */
const LotLabelsPanel = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const query = def.name === 'lots' ? `ids=${record.id}` : `skuId=${record.id}`;
  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('scan.labels')}>
      <LabelButtons query={query} name={`labels-${def.name}-${record.id}`} />
    </Card>
  );
};

export default LotLabelsPanel;
