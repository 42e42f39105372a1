import { useState } from 'react';
import { Card, Col, Flex, Row, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCustom, useGetIdentity, useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../resources';
import { formatAmount } from '../../domain/format-number';
import { recordScreenPath } from '../../domain/resource';
import { PageHeading } from '../layout/PageTitle';
import type { UserInfo } from '../providers/session';
import { Chart } from '../reports/charts';
import type { Movement } from '../reports/dashboard-types';
import { MovementsCard } from '../reports/MovementsCard';
import { FigureCard } from '../reports/FigureCard';
import { useListLink } from '../reports/list-link';
import { DASHBOARD_RESOURCES, useLiveRefresh } from '../live/use-live-refresh';
import { LinkOr } from '../reports/StaffCharts';
import { RefSelect } from '../engine/RefSelect';
import { WebhookNotices } from '../webhooks/WebhookNotices';
import { AccrualsCard } from '../workflows/accruals/AccrualsCard';

type Figures = Record<string, number>;

/** On a phone a table scrolls inside its card instead of widening the page, its first column fixed. */
const PHONE_SCROLL = { x: 'max-content' } as const;

interface Overview {
  stock: {
    inventoryId: number;
    warehouseId: number;
    warehouseName: string;
    skuId: number;
    skuTitle: string;
    pieces: number;
    pallets: number;
    reserved: number;
    available: number;
    daysInWarehouse: number | null;
  }[];
  inTransit: { id: number; blNo: string | null; etd: string | null; eta: string | null; atd: string | null }[];
  ordersByStatus: { status: number; orders: number }[];
  unpaidBills: {
    id: number;
    billNo: string;
    periodFrom: string;
    periodTo: string;
    issuedDate: string | null;
    currency: number;
    total: number | null;
  }[];
  movements: Movement[];
  /** Pallets on hand per warehouse, over all the stock (not only the lines listed). */
  stockByWarehouse: { warehouse: string; pallets: number }[];
  /** How many there are in all: the lists stop at 200 stock lines and 100 shipments and bills. */
  totals: { stock: number; inTransit: number; unpaidBills: number };
}

type Listed = 'stock' | 'ordersByStatus' | 'unpaidBills' | 'inTransit';

/** Each list of the overview: its card's title, its test id, its rows' key and its page (none: short by nature). */
const LISTS: Record<Listed, { title: string; testId: string; rowKey: string; pageSize?: number }> = {
  stock: { title: 'dashboard.myStock', testId: 'my-stock', rowKey: 'inventoryId', pageSize: 10 },
  ordersByStatus: { title: 'dashboard.myOrders', testId: 'my-orders', rowKey: 'status' },
  unpaidBills: { title: 'dashboard.myUnpaidBills', testId: 'my-unpaid-bills', rowKey: 'id', pageSize: 5 },
  inTransit: { title: 'dashboard.inTransit', testId: 'in-transit', rowKey: 'id', pageSize: 10 },
};

interface OverviewTableProps<L extends Listed> {
  list: L;
  answer: { data?: Overview; loading: boolean };
  columns: ColumnsType<Overview[L][number]>;
}

/**
 * One of the overview's lists in its card; a list the server stopped short of all there are says so
 * under it. Its first column names the row: scrolled to its figures on a phone, it stays in view.
 */
function OverviewTable<L extends Listed>({ list, answer: { data, loading }, columns }: OverviewTableProps<L>) {
  const { t } = useTranslation();
  const { title, testId, rowKey, pageSize } = LISTS[list];
  const rows = (data?.[list] ?? []) as Overview[L][number][];
  const shown = rows.length;
  const total = (data?.totals as Partial<Record<Listed, number>> | undefined)?.[list];
  const showTotal = () => (total !== undefined && total > shown ? t('dashboard.firstOf', { shown, total }) : undefined);
  const [lead, ...rest] = columns;
  return (
    <Card title={t(title)}>
      <Table<Overview[L][number]>
        size="small"
        scroll={PHONE_SCROLL}
        rowKey={rowKey}
        data-testid={testId}
        loading={loading}
        dataSource={rows}
        pagination={pageSize ? { pageSize, showTotal } : false}
        columns={lead ? [{ ...lead, fixed: 'left' }, ...rest] : []}
      />
    </Card>
  );
}

/** The figures of a cargo owner's own, each opening its list (FIGURE_LISTS). */
const FIGURES = [
  'products',
  'shipments',
  'shipmentsAtSea',
  'inboundsAwaiting',
  'outboundsAwaiting',
  'stockPieces',
  'stockPallets',
];

/**
 * Whose dashboard: a customer's own (the server decides, nothing is sent); staff, admins among them
 * (DESIGN 4), pick one of the customers they see, the first of the list to begin with. Null while
 * that first one is read.
 */
const useShownOrganization = (user: UserInfo | undefined) => {
  const { t } = useTranslation();
  const staff = !!user && !user.organizationId;
  const [picked, setPicked] = useState<number>();
  const first = useList({
    resource: 'organizations',
    pagination: { currentPage: 1, pageSize: 1 },
    meta: { silent: true },
    queryOptions: { enabled: staff && picked === undefined },
  });
  if (!staff) return { organizationId: user ? undefined : null, picker: null };
  const organizationId = picked ?? (first.result?.data?.[0]?.id as number | undefined) ?? null;
  const picker = (
    <RefSelect
      resource="organizations"
      value={organizationId}
      onChange={(id) => setPicked(id as number)}
      aria-label={t('dashboard.organization')}
      style={{ width: 260, maxWidth: '100%' }}
      data-testid="cargo-organization"
    />
  );
  return { organizationId, picker };
};

/**
 * The cargo owner's dashboard, of their own organization alone (staff pick the customer): live
 * figures (GET /statistics/cargo), their stock by warehouse and SKU with days in warehouse,
 * shipments in transit and 30 days of movements (GET /statistics/cargo/dashboard). Every figure
 * and row opens its list.
 */
const CargoDashboard = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { linkTo: listLink } = useListLink();
  const { organizationId, picker } = useShownOrganization(user);
  const ask = { config: { query: { organizationId } }, queryOptions: { enabled: organizationId !== null } };
  const { query, result } = useCustom<Figures>({ url: '/statistics/cargo', method: 'get', ...ask });
  const overview = useCustom<Overview>({ url: '/statistics/cargo/dashboard', method: 'get', ...ask });
  useLiveRefresh(
    DASHBOARD_RESOURCES,
    () => organizationId !== null && Promise.all([query.refetch(), overview.query.refetch()]),
  );
  // Staff see one customer's dashboard: its figures open that customer's rows only.
  const linkTo: typeof listLink = (resource, filters) =>
    listLink(resource, organizationId ? { organizationId, ...filters } : filters);
  const figures = result?.data as Figures | undefined;
  const data = overview.result?.data as Overview | undefined;
  const answer = { data, loading: overview.query.isLoading };
  const byWarehouse = data?.stockByWarehouse ?? [];
  const recordPath = (resource: string, id: number) => recordScreenPath(resourceByName(resource)!, 'show', id);
  // The figures above ask for a customer's own by naming none; the month's charges name it.
  const chargedOrganization = organizationId ?? (user?.organizationId ? Number(user.organizationId) : undefined);
  return (
    <>
      <WebhookNotices />
      {/* The heading and the customer picker stay while the figures load: a loading card would hide
          the page's one h1 (and the picker being used) from screen readers each time. */}
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} justify="space-between" align="baseline">
          <PageHeading>{t('dashboard.welcome', { name: user?.name ?? '' })}</PageHeading>
          {picker}
        </Flex>
        {query.isLoading ? (
          <Skeleton active />
        ) : (
          <Row gutter={[16, 16]} data-testid="cargo-figures">
            {FIGURES.map((key) => (
              <Col key={key} xs={12} md={8} xl={6}>
                <FigureCard name={key} value={figures?.[key]} linkTo={linkTo} size="small" />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <AccrualsCard organizationId={chargedOrganization} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <MovementsCard movements={data?.movements} loading={overview.query.isLoading} />
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.stockByWarehouse')} loading={overview.query.isLoading}>
            <Chart kind="bar" testId="chart-warehouses" data={byWarehouse} x="warehouse" y="pallets" />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <OverviewTable
            list="stock"
            answer={answer}
            columns={[
              {
                title: t('reports.inventory.sku'),
                dataIndex: 'skuTitle',
                render: (title: string, s) => (
                  <LinkOr to={linkTo('inventory', { warehouseId: s.warehouseId, skuId: s.skuId })} text={title} />
                ),
              },
              { title: t('reports.inventory.warehouse'), dataIndex: 'warehouseName' },
              { title: t('reports.inventory.onHand'), dataIndex: 'pieces', align: 'right' },
              { title: t('reports.inventory.available'), dataIndex: 'available', align: 'right' },
              { title: t('reports.inventory.pallets'), dataIndex: 'pallets', align: 'right' },
              { title: t('dashboard.daysInWarehouse'), dataIndex: 'daysInWarehouse', align: 'right' },
            ]}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <OverviewTable
              list="ordersByStatus"
              answer={answer}
              columns={[
                {
                  title: t('orders.fields.status'),
                  dataIndex: 'status',
                  render: (status: number) => (
                    <LinkOr to={linkTo('orders', { status })} text={t(`enums.orderStatus.${status}`)} />
                  ),
                },
                { title: t('dashboard.orders'), dataIndex: 'orders', align: 'right' },
              ]}
            />
            <OverviewTable
              list="unpaidBills"
              answer={answer}
              columns={[
                {
                  title: t('bills.fields.billNo'),
                  dataIndex: 'billNo',
                  render: (no: string, b) => <Link to={recordPath('bills', b.id)}>{no}</Link>,
                },
                { title: t('bills.fields.issuedDate'), dataIndex: 'issuedDate' },
                {
                  title: t('bills.fields.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (total: number | null, b) => formatAmount(total, t(`enums.currency.${b.currency}`)),
                },
              ]}
            />
            <OverviewTable
              list="inTransit"
              answer={answer}
              columns={[
                {
                  title: t('shipments.fields.blNo'),
                  dataIndex: 'blNo',
                  render: (bl: string | null, s) => <Link to={recordPath('shipments', s.id)}>{bl ?? `#${s.id}`}</Link>,
                },
                { title: t('shipments.fields.etd'), dataIndex: 'etd' },
                { title: t('shipments.fields.eta'), dataIndex: 'eta' },
              ]}
            />
          </Flex>
        </Col>
      </Row>
    </>
  );
};

export default CargoDashboard;
