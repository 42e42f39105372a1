import { Alert, Card, DatePicker, Table } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDateTime } from '../../../domain/format-date';
import { formatAmount } from '../../../domain/format-number';
import { PlaceSelect } from './PlaceSelect';
import { PageTitle } from '../../layout/PageTitle';
import { useReportQuery } from '../../reports/use-report-query';
import { currencyLabel } from './accruals';
import { accrualsPath } from './accruals-path';
import { useAccrualReview, type KeptMonth, type ReviewSort } from './accrual-review';
import '../../reports/reports.css';

const MONTH = 'YYYY-MM';
const DEFAULT_SORT: ReviewSort = '-forecast';
const SORTS: ReviewSort[] = ['-forecast', 'forecast', '-toDate', 'toDate', 'organization'];

/** The server keeps this month's and last month's totals: the review offers those two. */
const outsideKept = (value: Dayjs) =>
  !value.isSame(dayjs(), 'month') && !value.isSame(dayjs().subtract(1, 'month'), 'month');

/** Amounts and times stay on one line; the names beside them wrap. */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** Amounts largest first, then smallest, then largest again: never back to no order, as the server always has one. */
const AMOUNT_DIRECTIONS: SortOrder[] = ['descend', 'ascend', 'descend'];

/** A sortable column's arrow, as the order asked of the server says. */
const orderOf = (sort: ReviewSort, column: 'organization' | 'toDate' | 'forecast'): SortOrder =>
  sort === column ? 'ascend' : sort === `-${column}` ? 'descend' : null;

/**
 * Every organization's month so far and expected, for staff's month-end review (issue 43): a row
 * per organization, warehouse and currency from the totals the server keeps, sorted by the server,
 * each opening that organization's month to date. While some wait to be priced again, it says how
 * many and reads again until none do.
 */
const AccrualReviewPage = () => {
  const { t } = useTranslation();
  const { get, set } = useReportQuery<'month' | 'warehouseId' | 'sort'>();
  const asked = get('sort') as ReviewSort | undefined;
  const sort = asked && SORTS.includes(asked) ? asked : DEFAULT_SORT;
  const warehouseId = Number(get('warehouseId')) || undefined;
  const { review, loading } = useAccrualReview({ month: get('month'), warehouseId, sort });
  const month = get('month') ?? review?.month;
  const amount = (value: number, row: KeptMonth) => formatAmount(value, currencyLabel(t, row.currency));

  return (
    <Card title={<PageTitle>{t('accruals.review.title')}</PageTitle>} data-testid="accrual-review">
      <div className="report-filters">
        <DatePicker
          picker="month"
          value={month ? dayjs(`${month}-01`) : null}
          onChange={(value) => set({ month: value?.format(MONTH) })}
          disabledDate={outsideKept}
          placeholder={t('accruals.month')}
          aria-label={t('accruals.month')}
          data-testid="accrual-review-month"
        />
        <PlaceSelect
          resource="warehouses"
          value={warehouseId}
          onChange={(id) => set({ warehouseId: id })}
          testId="accrual-review-warehouse"
        />
      </div>
      {!!review?.pending && (
        <Alert
          type="info"
          showIcon
          message={t('accruals.review.pending', { count: review.pending })}
          style={{ marginBottom: 16 }}
          data-testid="accrual-review-pending"
        />
      )}
      <Table<KeptMonth>
        size="small"
        data-testid="accrual-review-table"
        loading={loading}
        rowKey={(row) => `${row.organizationId}/${row.warehouseId}/${row.currency}`}
        dataSource={review?.rows ?? []}
        pagination={{ defaultPageSize: 50, size: 'small', showSizeChanger: true }}
        // Long names wrap on a desk so every column is in view, columns as wide as their content
        // (a scrolling table lays them out fixed otherwise); a phone scrolls sideways.
        scroll={{ x: 960 }}
        tableLayout="auto"
        onChange={(_, __, sorter) => {
          const { columnKey, order } = Array.isArray(sorter) ? sorter[0] : sorter;
          const next = order && (`${order === 'descend' ? '-' : ''}${String(columnKey)}` as ReviewSort);
          set({ sort: next && next !== DEFAULT_SORT && SORTS.includes(next) ? next : undefined });
        }}
        columns={[
          {
            key: 'organization',
            title: t('bills.fields.organizationId'),
            // Scrolled sideways on a phone, the name stays in view, in a width that leaves the figures room.
            fixed: 'left',
            width: 220,
            sorter: true,
            // The server sorts names only upwards; a second click goes back to the largest forecast first.
            sortDirections: ['ascend'],
            sortOrder: orderOf(sort, 'organization'),
            render: (_, row) => (
              <Link to={accrualsPath(row.organizationId, row.warehouseId, review?.month)}>{row.organizationName}</Link>
            ),
          },
          { key: 'warehouse', title: t('bills.fields.warehouseId'), dataIndex: 'warehouseName' },
          {
            key: 'currency',
            title: t('bills.fields.currency'),
            render: (_, row) => currencyLabel(t, row.currency),
          },
          {
            key: 'toDate',
            title: t('accruals.toDate'),
            align: 'right',
            sorter: true,
            sortDirections: AMOUNT_DIRECTIONS,
            sortOrder: orderOf(sort, 'toDate'),
            onCell: oneLine,
            render: (_, row) => amount(row.toDate, row),
          },
          {
            key: 'forecast',
            title: t('accruals.forecast'),
            align: 'right',
            sorter: true,
            sortDirections: AMOUNT_DIRECTIONS,
            sortOrder: orderOf(sort, 'forecast'),
            onCell: oneLine,
            render: (_, row) => amount(row.forecast, row),
          },
          {
            key: 'computedAt',
            title: t('accruals.computedAt'),
            onCell: oneLine,
            render: (_, row) => formatLocalDateTime(row.computedAt),
          },
        ]}
      />
    </Card>
  );
};

export default AccrualReviewPage;
