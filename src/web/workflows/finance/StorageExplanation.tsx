import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { money, type StorageDay } from './bill-lines';

/**
 * The lot runs behind one storage line: lot, pallets, dates, days, band and price. On screen in
 * pages of 20; on paper (`print`) every run, in the bill's language (`t`).
 */
export const StorageExplanation = ({
  days,
  t: fixed,
  print,
}: {
  days: StorageDay[];
  t?: TFunction;
  print?: boolean;
}) => {
  const { t: screen } = useTranslation();
  const t = fixed ?? screen;
  return (
    <Table<StorageDay>
      size="small"
      rowKey={(d) => `${d.lotId}-${d.dateFrom}`}
      dataSource={days}
      pagination={!print && days.length > 20 ? { pageSize: 20, size: 'small' } : false}
      title={print ? undefined : () => t('finance.explain.title')}
      data-testid="storage-explanation"
      columns={[
        { title: t('finance.explain.lot'), dataIndex: 'lotId' },
        { title: t('finance.explain.sku'), dataIndex: 'skuTitle' },
        { title: t('finance.explain.inboundDate'), dataIndex: 'inboundDate' },
        { title: t('finance.explain.pallets'), dataIndex: 'pallets', align: 'right' },
        {
          title: t('finance.explain.dates'),
          render: (_, d) => `${d.dateFrom} – ${d.dateTo}`,
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        },
        { title: t('finance.explain.days'), dataIndex: 'days', align: 'right' },
        {
          title: t('finance.explain.segment'),
          render: (_, d) => `${d.segmentFrom} – ${d.segmentTo ?? t('finance.explain.open')}`,
        },
        { title: t('finance.explain.price'), dataIndex: 'unitPrice', align: 'right', render: (v: number) => money(v) },
        { title: t('finance.explain.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
      ]}
    />
  );
};
