import { Card, Col, Empty, Row } from 'antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccrualFigure } from './AccrualFigure';
import { useAccruals } from './accruals';
import { accrualsPath } from './accruals-path';
import { useStockWarehouses, type StockWarehouse } from './use-stock-warehouses';

/** The figures fit a third of the dashboard's width side by side, in several currencies too. */
const FIGURE_STYLE = { fontSize: 20 };

/** One warehouse's month so far and expected, opening its breakdown. */
const WarehouseAccruals = ({ organizationId, warehouse }: { organizationId: number; warehouse: StockWarehouse }) => {
  const { accruals, loading } = useAccruals(organizationId, warehouse.id);
  return (
    <Link to={accrualsPath(organizationId, warehouse.id)}>
      <Card size="small" hoverable title={warehouse.name} loading={loading} data-testid="accruals-tile">
        <Row gutter={16}>
          <Col span={12}>
            <AccrualFigure accruals={accruals} which="toDate" testId="tile-to-date" valueStyle={FIGURE_STYLE} />
          </Col>
          <Col span={12}>
            <AccrualFigure accruals={accruals} which="forecast" testId="tile-forecast" valueStyle={FIGURE_STYLE} />
          </Col>
        </Row>
      </Card>
    </Link>
  );
};

/**
 * The cargo dashboard's "this month so far / expected" (issue 43): each warehouse the organization
 * is charged storage in this month, its charges to date and forecast to the month's end, moving live
 * with the stock. Shown to whoever may open the month's page.
 */
export const AccrualsCard = ({ organizationId }: { organizationId?: number }) => {
  const { t } = useTranslation();
  const permitted = useCan({ resource: 'accruals', action: 'list' }).data?.can === true;
  const { warehouses, loading } = useStockWarehouses(permitted ? organizationId : undefined);
  if (!permitted || organizationId === undefined) return null;
  return (
    <Card
      title={t('accruals.cardTitle')}
      extra={<Link to={accrualsPath(organizationId)}>{t('accruals.details')}</Link>}
      loading={loading}
      style={{ marginBottom: 16 }}
      data-testid="accruals-card"
    >
      {warehouses.length ? (
        <Row gutter={[16, 16]}>
          {warehouses.map((warehouse) => (
            <Col key={warehouse.id} xs={24} md={12} xl={8}>
              <WarehouseAccruals organizationId={organizationId} warehouse={warehouse} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accruals.noStock')} />
      )}
    </Card>
  );
};
