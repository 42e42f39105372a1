import { Card, Col, DatePicker, Descriptions, Empty, Row, Segmented } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDateTime } from '../../../domain/format-date';
import { PlaceSelect } from './PlaceSelect';
import { PageTitle } from '../../layout/PageTitle';
import type { UserInfo } from '../../providers/session';
import { ReportExportButton } from '../../reports/ReportExportButton';
import { useReportQuery } from '../../reports/use-report-query';
import { AccrualLinesTable } from './AccrualLinesTable';
import { AccrualFigure } from './AccrualFigure';
import { billedDays, daysSoFar, useAccruals } from './accruals';
import { exportAccruals } from './accruals-excel';
import { useFeeModel } from './use-fee-model';
import { SkuMonthsTable } from './SkuMonthsTable';
import { useStockWarehouses } from './use-stock-warehouses';
import '../../reports/reports.css';

const MONTH = 'YYYY-MM';

/** The breakdown by fee (the bill's lines), or the storage per SKU (`view=sku`). */
type View = 'fee' | 'sku';

/**
 * A month's charges as they form (issue 43, GET /finance/accruals): to date and forecast to the
 * month's end, by fee, for one organization in one warehouse, with the fee model they are priced by
 * and when they were computed; they move live with the stock. A cargo owner's organization is their
 * own; staff choose one. The choice lives in the URL, so the dashboard's card opens its warehouse
 * and the review of every organization's month opens a row's. Storage drills down to its lot-days,
 * by fee or per SKU.
 */
const AccrualsPage = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { get, set } = useReportQuery<'organizationId' | 'warehouseId' | 'month' | 'view'>();
  const view: View = get('view') === 'sku' ? 'sku' : 'fee';
  const staff = !!user && !user.organizationId;
  const organizationId = user?.organizationId
    ? Number(user.organizationId)
    : Number(get('organizationId')) || undefined;
  // Until one is chosen, the first warehouse the organization has stock in this month.
  const stock = useStockWarehouses(organizationId);
  const warehouseId = Number(get('warehouseId')) || stock.warehouses[0]?.id;
  const { accruals, loading } = useAccruals(organizationId, warehouseId, get('month'));
  const feeModel = useFeeModel(accruals?.feeModelId);
  const month = get('month') ?? accruals?.month;
  const billed = accruals && billedDays(accruals);

  return (
    <Card title={<PageTitle>{t('accruals.title')}</PageTitle>} data-testid="accruals">
      <div className="report-filters">
        {staff && (
          <PlaceSelect
            resource="organizations"
            value={organizationId}
            onChange={(id) => set({ organizationId: id })}
            testId="accruals-organization"
          />
        )}
        <PlaceSelect
          resource="warehouses"
          value={warehouseId}
          onChange={(id) => set({ warehouseId: id })}
          testId="accruals-warehouse"
        />
        <DatePicker
          picker="month"
          value={month ? dayjs(`${month}-01`) : null}
          onChange={(value) => set({ month: value?.format(MONTH) })}
          disabledDate={(value) => value.isAfter(dayjs(), 'month')}
          placeholder={t('accruals.month')}
          aria-label={t('accruals.month')}
          data-testid="accruals-month"
        />
        <ReportExportButton empty={!accruals?.lines.length} write={() => exportAccruals(t, accruals!, feeModel.text)} />
      </div>
      {organizationId && warehouseId ? (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={12}>
              <Card size="small" loading={loading}>
                <AccrualFigure accruals={accruals} which="toDate" testId="accruals-to-date" />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card size="small" loading={loading}>
                <AccrualFigure accruals={accruals} which="forecast" testId="accruals-forecast" />
              </Card>
            </Col>
          </Row>
          {accruals && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'days', label: t('accruals.days'), children: daysSoFar(accruals) },
                ...(billed ? [{ key: 'billed', label: t('accruals.billed'), children: billed }] : []),
                {
                  key: 'feeModel',
                  label: t('bills.fields.feeModelId'),
                  children: feeModel.path ? <Link to={feeModel.path}>{feeModel.text}</Link> : feeModel.text,
                },
                {
                  key: 'asOf',
                  label: t('accruals.computedAt'),
                  children: formatLocalDateTime(accruals.asOf),
                },
              ]}
            />
          )}
          <Segmented<View>
            value={view}
            onChange={(value) => set({ view: value === 'sku' ? value : undefined })}
            options={[
              { value: 'fee', label: t('accruals.byFee') },
              { value: 'sku', label: t('accruals.bySku') },
            ]}
            style={{ marginBottom: 16 }}
            data-testid="accruals-view"
          />
          {view === 'sku' ? (
            accruals && <SkuMonthsTable place={accruals} />
          ) : (
            <AccrualLinesTable accruals={accruals} loading={loading} />
          )}
        </>
      ) : (
        !stock.loading && <Empty description={t(staff ? 'accruals.chooseOrganization' : 'accruals.chooseWarehouse')} />
      )}
    </Card>
  );
};

export default AccrualsPage;
