import { useState } from 'react';
import { Card, Col, Flex, Row, Statistic, Table } from 'antd';
import { useCustom, useGetIdentity, useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../resources';
import { formatAmount } from '../../domain/format-number';
import { recordScreenPath } from '../../domain/resource';
import { DocStatus } from '../../domain/stock-flow';
import { PageHeading } from '../layout/PageTitle';
import type { UserInfo } from '../providers/session';
import { Chart } from '../reports/charts';
import type { Movement } from '../reports/dashboard-types';
import { MovementsCard } from '../reports/MovementsCard';
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

/** Each figure and the list it opens, filtered as the server counted it. */
const FIGURES: { key: string; list?: [resource: string, filters?: Record<string, number>] }[] = [
  { key: 'products', list: ['products'] },
  { key: 'shipments', list: ['shipments'] },
  { key: 'shipmentsAtSea', list: ['shipments'] },
  { key: 'inboundsAwaiting', list: ['inbounds', { status: DocStatus.awaiting }] },
  { key: 'outboundsAwaiting', list: ['outbounds', { status: DocStatus.awaiting }] },
  { key: 'stockPieces', list: ['inventory'] },
  { key: 'stockPallets', list: ['inventory'] },
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
  const byWarehouse = data?.stockByWarehouse ?? [];
  // A list the server stopped short of all there are says so under it.
  const firstOf = (shown = 0, total?: number) =>
    total !== undefined && total > shown ? t('dashboard.firstOf', { shown, total }) : undefined;
  const recordPath = (resource: string, id: number) => recordScreenPath(resourceByName(resource)!, 'show', id);
  // The figures above ask for a customer's own by naming none; the month's charges name it.
  const chargedOrganization = organizationId ?? (user?.organizationId ? Number(user.organizationId) : undefined);
  return (
    <>
      <WebhookNotices />
      <Card loading={query.isLoading} style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} justify="space-between" align="baseline">
          <PageHeading>{t('dashboard.welcome', { name: user?.name ?? '' })}</PageHeading>
          {picker}
        </Flex>
        <Row gutter={[16, 16]} data-testid="cargo-figures">
          {FIGURES.map(({ key, list }) => {
            const body = (
              <Card size="small" hoverable={!!list} data-testid={`count-${key}`}>
                <Statistic title={t(`dashboard.${key}`)} value={figures?.[key] ?? 0} />
              </Card>
            );
            const to = list && linkTo(list[0], list[1]);
            return (
              <Col key={key} xs={12} md={8} xl={6}>
                {to ? <Link to={to}>{body}</Link> : body}
              </Col>
            );
          })}
        </Row>
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
          <Card title={t('dashboard.myStock')}>
            <Table
              size="small"
              scroll={PHONE_SCROLL}
              rowKey="inventoryId"
              data-testid="my-stock"
              loading={overview.query.isLoading}
              dataSource={data?.stock ?? []}
              pagination={{ pageSize: 10, showTotal: () => firstOf(data?.stock.length, data?.totals.stock) }}
              columns={[
                // The SKU leads its row: scrolled to its figures on a phone, it stays in view.
                {
                  title: t('reports.inventory.sku'),
                  dataIndex: 'skuTitle',
                  fixed: 'left',
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
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.myOrders')} style={{ marginBottom: 16 }}>
            <Table
              size="small"
              scroll={PHONE_SCROLL}
              rowKey="status"
              data-testid="my-orders"
              loading={overview.query.isLoading}
              dataSource={data?.ordersByStatus ?? []}
              pagination={false}
              columns={[
                {
                  title: t('orders.fields.status'),
                  dataIndex: 'status',
                  fixed: 'left',
                  render: (status: number) => (
                    <LinkOr to={linkTo('orders', { status })} text={t(`enums.orderStatus.${status}`)} />
                  ),
                },
                { title: t('dashboard.orders'), dataIndex: 'orders', align: 'right' },
              ]}
            />
          </Card>
          <Card title={t('dashboard.myUnpaidBills')} style={{ marginBottom: 16 }}>
            <Table
              size="small"
              scroll={PHONE_SCROLL}
              rowKey="id"
              data-testid="my-unpaid-bills"
              loading={overview.query.isLoading}
              dataSource={data?.unpaidBills ?? []}
              pagination={{ pageSize: 5, showTotal: () => firstOf(data?.unpaidBills.length, data?.totals.unpaidBills) }}
              columns={[
                {
                  title: t('bills.fields.billNo'),
                  dataIndex: 'billNo',
                  fixed: 'left',
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
          </Card>
          <Card title={t('dashboard.inTransit')}>
            <Table
              size="small"
              scroll={PHONE_SCROLL}
              rowKey="id"
              data-testid="in-transit"
              loading={overview.query.isLoading}
              dataSource={data?.inTransit ?? []}
              pagination={{ pageSize: 10, showTotal: () => firstOf(data?.inTransit.length, data?.totals.inTransit) }}
              columns={[
                {
                  title: t('shipments.fields.blNo'),
                  dataIndex: 'blNo',
                  fixed: 'left',
                  render: (bl: string | null, s) => <Link to={recordPath('shipments', s.id)}>{bl ?? `#${s.id}`}</Link>,
                },
                { title: t('shipments.fields.etd'), dataIndex: 'etd' },
                { title: t('shipments.fields.eta'), dataIndex: 'eta' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
};

export default CargoDashboard;
