import { lazy, Suspense, type ComponentProps } from 'react';
import { Card, Col, Row, Skeleton, type TableProps } from 'antd';
import { useCustom, useGo } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart } from './charts';
import type { Movement } from './dashboard-types';
import { MovementsCard } from './MovementsCard';
import { useListLink } from './list-link';
import { DASHBOARD_RESOURCES, useLiveRefresh } from '../live/use-live-refresh';

// antd's Table (with its pagination, filters and tree) is fetched with the first list drawn.
const LazyTable = lazy(() => import('antd/es/table'));

function Table<T extends object>(props: TableProps<T>) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <LazyTable {...(props as ComponentProps<typeof LazyTable>)} />
    </Suspense>
  );
}

interface StaffData {
  stockByWarehouse: { warehouseId: number; warehouseName: string; pieces: number; pallets: number }[];
  movements: Movement[];
  topCustomers: { organizationId: number; organizationName: string; pallets: number; pieces: number }[];
}

/**
 * The staff dashboard's charts and lists (GET /statistics/dashboard); each bar and name opens the
 * inventory it counts. Their data is asked for at once, but until `waiting` is over they show as
 * loading: their code (the chart library, antd's Table) is most of the page's weight and is fetched
 * and run only once the figures are on screen.
 */
export const StaffCharts = ({ waiting }: { waiting: boolean }) => {
  const { t } = useTranslation();
  const { linkTo } = useListLink();
  const go = useGo();
  const { query, result } = useCustom<StaffData>({ url: '/statistics/dashboard', method: 'get' });
  useLiveRefresh(DASHBOARD_RESOURCES, query.refetch);
  const data = result?.data as StaffData | undefined;
  const loading = query.isLoading || waiting;
  const open = (to?: string) => to && go({ to, type: 'push' });
  const warehouses = data?.stockByWarehouse ?? [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <MovementsCard movements={data?.movements} loading={loading} />
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('dashboard.stockByWarehouse')} loading={loading}>
          <Chart
            kind="bar"
            testId="chart-warehouses"
            data={warehouses.map((w) => ({
              warehouse: w.warehouseName,
              pallets: w.pallets,
              warehouseId: w.warehouseId,
            }))}
            x="warehouse"
            y="pallets"
            height={200}
            onPick={(d) => open(linkTo('inventory', { warehouseId: d.warehouseId as number }))}
          />
          <Table
            size="small"
            rowKey="warehouseId"
            pagination={false}
            dataSource={warehouses}
            data-testid="stock-by-warehouse"
            columns={[
              {
                title: t('reports.inventory.warehouse'),
                dataIndex: 'warehouseName',
                render: (name: string, w) => (
                  <LinkOr to={linkTo('inventory', { warehouseId: w.warehouseId })} text={name} />
                ),
              },
              { title: t('reports.inventory.pallets'), dataIndex: 'pallets', align: 'right' },
              { title: t('reports.inventory.onHand'), dataIndex: 'pieces', align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={t('dashboard.topCustomers')} loading={loading}>
          <Table
            size="small"
            rowKey="organizationId"
            pagination={false}
            dataSource={data?.topCustomers ?? []}
            data-testid="top-customers"
            columns={[
              {
                title: t('reports.inventory.organization'),
                dataIndex: 'organizationName',
                render: (name: string, c) => (
                  <LinkOr to={linkTo('inventory', { organizationId: c.organizationId })} text={name} />
                ),
              },
              { title: t('reports.inventory.pallets'), dataIndex: 'pallets', align: 'right' },
              { title: t('reports.inventory.onHand'), dataIndex: 'pieces', align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
};

export const LinkOr = ({ to, text }: { to?: string; text: string }) => (to ? <Link to={to}>{text}</Link> : <>{text}</>);
