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
      // On paper the columns share the page's width, the SKU's name wrapping in what the figures leave.
      tableLayout={print ? 'fixed' : undefined}
      // On a phone's screen the runs scroll sideways under their lot.
      scroll={print ? undefined : { x: 'max-content' }}
      columns={[
        {
          title: t('billLines.fields.lotId'),
          dataIndex: 'lotId',
          width: print ? '7%' : undefined,
          fixed: print ? undefined : 'left',
        },
        { title: t('billLines.fields.skuTitle'), dataIndex: 'skuTitle' },
        { title: t('billLines.fields.inboundDate'), dataIndex: 'inboundDate', width: print ? '12%' : undefined },
        { title: t('billLines.fields.pallets'), dataIndex: 'pallets', align: 'right', width: print ? '8%' : undefined },
        {
          title: t('finance.explain.dates'),
          width: print ? '13%' : undefined,
          // Each date whole; on paper the two may stack.
          render: (_, d) => (
            <>
              <span style={{ whiteSpace: 'nowrap' }}>{d.dateFrom} –</span>{' '}
              <span style={{ whiteSpace: 'nowrap' }}>{d.dateTo}</span>
            </>
          ),
          onCell: () => ({ style: { whiteSpace: print ? undefined : 'nowrap' } }),
        },
        { title: t('billLines.fields.days'), dataIndex: 'days', align: 'right', width: print ? '7%' : undefined },
        {
          title: t('finance.explain.segment'),
          width: print ? '10%' : undefined,
          render: (_, d) => `${d.segmentFrom} – ${d.segmentTo ?? t('finance.explain.open')}`,
        },
        {
          title: t('finance.explain.price'),
          dataIndex: 'unitPrice',
          align: 'right',
          width: print ? '9%' : undefined,
          render: (v: number) => money(v),
        },
        {
          title: t('finance.explain.amount'),
          dataIndex: 'amount',
          align: 'right',
          width: print ? '11%' : undefined,
          render: (v: number) => money(v),
        },
      ]}
    />
  );
};
