import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../domain/format-number';
import { currencyLabel, preciseAmount, type AccrualPlace } from './accruals';
import { LotDaysTable } from './LotDaysTable';
import { skuLabel, useSkuMonths, type SkuMonth } from './sku-months';

/**
 * The month's storage per SKU (issue 43, like Amazon FBA's storage fee report): pallet-days, the
 * average pallets a day, the average rate, the fee so far and by the month's end. Each SKU opens
 * its lot-days.
 */
export const SkuMonthsTable = ({ place }: { place: AccrualPlace }) => {
  const { t } = useTranslation();
  const { rows, loading } = useSkuMonths(place);
  const amount = (value: number, sku: SkuMonth) => formatAmount(value, currencyLabel(t, sku.currency));
  return (
    <Table<SkuMonth>
      size="small"
      data-testid="accrual-skus"
      loading={loading}
      rowKey={(sku) => `${sku.skuId}/${sku.currency}`}
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      expandable={{
        rowExpandable: (sku) => sku.palletDays > 0,
        expandedRowRender: (sku) => <LotDaysTable place={place} skuId={sku.skuId} />,
      }}
      columns={[
        { key: 'sku', title: t('billLines.fields.skuTitle'), fixed: 'left', render: (_, sku) => skuLabel(sku) },
        { key: 'palletDays', title: t('accruals.palletDays'), dataIndex: 'palletDays', align: 'right' },
        { key: 'averagePallets', title: t('accruals.averagePallets'), dataIndex: 'averagePallets', align: 'right' },
        {
          key: 'rate',
          title: t('accruals.averageRate'),
          align: 'right',
          render: (_, sku) => (sku.unitPrice === null ? '–' : preciseAmount(t, sku.unitPrice, sku.currency)),
        },
        { key: 'toDate', title: t('accruals.toDate'), align: 'right', render: (_, sku) => amount(sku.toDate, sku) },
        {
          key: 'forecast',
          title: t('accruals.forecast'),
          align: 'right',
          render: (_, sku) => amount(sku.forecast, sku),
        },
      ]}
    />
  );
};
