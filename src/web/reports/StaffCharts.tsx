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

type ShareBy = 'warehouse' | 'organization';

/** A share of the stock, named and keyed after what it is a share of (`warehouseName`, `warehouseId`). */
type StockShare<B extends ShareBy> = Record<`${B}Id`, number> &
  Record<`${B}Name`, string> & { pallets: number; pieces: number };

interface StaffData {
  stockByWarehouse: StockShare<'warehouse'>[];
  movements: Movement[];
  topCustomers: StockShare<'organization'>[];
}

interface StockShareProps<B extends ShareBy> {
  rows: StockShare<B>[];
  /** What a row is a share of: its name's column, its key and the inventory its name opens follow. */
  by: B;
  testId: string;
}

/** The stock as shared out (by warehouse, by customer): pallets and pieces, each name opening its inventory. */
function StockShareTable<B extends ShareBy>({ rows, by, testId }: StockShareProps<B>) {
  const { t } = useTranslation();
  const { linkTo } = useListLink();
  return (
    <Table<StockShare<B>>
      size="small"
      rowKey={`${by}Id`}
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      columns={[
        {
          title: t(`reports.inventory.${by}`),
          dataIndex: `${by}Name`,
          render: (text: string, row) => (
            <LinkOr to={linkTo('inventory', { [`${by}Id`]: row[`${by}Id`] })} text={text} />
          ),
        },
        { title: t('reports.inventory.pallets'), dataIndex: 'pallets', align: 'right' },
        { title: t('reports.inventory.onHand'), dataIndex: 'pieces', align: 'right' },
      ]}
    />
  );
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
          <StockShareTable rows={warehouses} by="warehouse" testId="stock-by-warehouse" />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={t('dashboard.topCustomers')} loading={loading}>
          <StockShareTable rows={data?.topCustomers ?? []} by="organization" testId="top-customers" />
        </Card>
      </Col>
    </Row>
  );
};

export const LinkOr = ({ to, text }: { to?: string; text: string }) => (to ? <Link to={to}>{text}</Link> : <>{text}</>);
