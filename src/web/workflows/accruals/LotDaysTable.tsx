import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerPages } from './use-server-pages';
import { preciseAmountColumn, type AccrualPlace } from './accruals';
import { useLotDays, type LotDay } from './lot-days';
import { skuLabel } from './sku-months';

/**
 * The days of each lot behind a month's storage so far (issue 43's drill-down), of one SKU when
 * `skuId` is given: pallets, band, dates, rate and amount, as a bill line explains itself. The
 * server pages them, a lot of a busy customer having many; the amounts are before the bill's
 * rounding, which the note under them says.
 */
export const LotDaysTable = ({ place, skuId }: { place: AccrualPlace; skuId?: number }) => {
  const { t } = useTranslation();
  const { page, tableOf } = useServerPages();
  const answer = useLotDays(place, page, skuId);
  return (
    <Table<LotDay>
      {...tableOf(answer)}
      data-testid="accrual-lot-days"
      rowKey={(d) => `${d.lotId}/${d.dateFrom}/${d.segmentFrom}/${d.currency}`}
      footer={() => <Typography.Text type="secondary">{t('accruals.roundingNote')}</Typography.Text>}
      columns={[
        { key: 'lotId', title: t('billLines.fields.lotId'), dataIndex: 'lotId', fixed: 'left' },
        { key: 'sku', title: t('billLines.fields.skuTitle'), render: (_, d) => skuLabel(d) },
        { key: 'inboundDate', title: t('billLines.fields.inboundDate'), dataIndex: 'inboundDate' },
        {
          key: 'band',
          title: t('finance.explain.segment'),
          render: (_, d) => `${d.segmentFrom} – ${d.segmentTo ?? t('finance.explain.open')}`,
        },
        { key: 'pallets', title: t('billLines.fields.pallets'), dataIndex: 'pallets', align: 'right' },
        {
          key: 'dates',
          title: t('finance.explain.dates'),
          render: (_, d) => `${d.dateFrom} – ${d.dateTo}`,
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        },
        { key: 'days', title: t('billLines.fields.days'), dataIndex: 'days', align: 'right' },
        preciseAmountColumn(t, 'unitPrice', t('finance.explain.price')),
        preciseAmountColumn(t, 'amount', t('finance.explain.amount')),
      ]}
    />
  );
};
