import { useDeferredValue, type ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import {
  AccountBookOutlined,
  AimOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CarOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  GlobalOutlined,
  ImportOutlined,
  InboxOutlined,
  SendOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { DASHBOARD_RESOURCES, useLiveRefresh } from '../live/use-live-refresh';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BillStatus } from '../../domain/finance/codes';
import { DeliveryStatus, OrderStatus } from '../../domain/order-flow';
import { DocStatus } from '../../domain/stock-flow';
import { PageHeading } from '../layout/PageTitle';
import { useListLink } from '../reports/list-link';
import { StaffCharts } from '../reports/StaffCharts';
import { WebhookNotices } from '../webhooks/WebhookNotices';

type Counts = Record<string, number>;

interface Figure {
  key: string;
  icon: ReactNode;
  color: string;
  /** The list the figure counts, filtered as the server counted it. */
  list?: { resource: string; status?: number };
}

/** The work in hand first (four a row on a wide screen), then the reference data behind it. */
const GROUPS: { span: number; figures: Figure[] }[] = [
  {
    span: 6,
    figures: [
      { key: 'organizations', icon: <ShopOutlined />, color: '#1890ff', list: { resource: 'organizations' } },
      { key: 'shipmentsAtSea', icon: <SendOutlined />, color: '#13c2c2', list: { resource: 'shipments' } },
      {
        key: 'inboundsAwaiting',
        icon: <ImportOutlined />,
        color: '#fa8c16',
        list: { resource: 'inbounds', status: DocStatus.awaiting },
      },
      {
        key: 'outboundsAwaiting',
        icon: <ExportOutlined />,
        color: '#eb2f96',
        list: { resource: 'outbounds', status: DocStatus.awaiting },
      },
      {
        key: 'ordersAwaitingReview',
        icon: <AuditOutlined />,
        color: '#faad14',
        list: { resource: 'orders', status: OrderStatus.awaitingReview },
      },
      {
        key: 'deliveriesInTransit',
        icon: <CarOutlined />,
        color: '#2f54eb',
        list: { resource: 'deliveries', status: DeliveryStatus.inTransit },
      },
      {
        key: 'billsUnpaid',
        icon: <AccountBookOutlined />,
        color: '#f5222d',
        list: { resource: 'bills', status: BillStatus.issued },
      },
      { key: 'stockPieces', icon: <InboxOutlined />, color: '#52c41a', list: { resource: 'inventory' } },
      { key: 'stockPallets', icon: <AppstoreOutlined />, color: '#722ed1', list: { resource: 'inventory' } },
    ],
  },
  {
    span: 6,
    figures: [
      { key: 'countries', icon: <GlobalOutlined />, color: '#1890ff', list: { resource: 'countries' } },
      { key: 'ports', icon: <EnvironmentOutlined />, color: '#13c2c2', list: { resource: 'ports' } },
      { key: 'activePorts', icon: <AimOutlined />, color: '#52c41a', list: { resource: 'ports', status: 1 } },
      { key: 'users', icon: <TeamOutlined />, color: '#fa8c16', list: { resource: 'users' } },
    ],
  },
];

/**
 * The staff dashboard: live figures of the user's organizations (GET /statistics/counts), each a way
 * into its list, then the stock charts and lists of the same organizations.
 */
const Dashboard = () => {
  const { t } = useTranslation();
  const { query, result } = useCustom<Counts>({ url: '/statistics/counts', method: 'get' });
  useLiveRefresh(DASHBOARD_RESOURCES, query.refetch);
  const counts = result?.data as Counts | undefined;
  // The charts learn that the figures are in by a render after theirs: their code (most of the
  // page's weight) starts downloading once the figures are on screen.
  const chartsWait = useDeferredValue(query.isLoading);
  // A figure leads to its list, filtered as the server counted, only where the user may open it.
  const { linkTo } = useListLink();
  const card =
    (span: number) =>
    ({ key, icon, color, list }: Figure) => {
      const body = (
        <Card hoverable={!!list} loading={query.isLoading} data-testid={`count-${key}`}>
          <Statistic
            title={t(`dashboard.${key}`)}
            value={counts?.[key] ?? 0}
            prefix={<span style={{ color, marginRight: 8 }}>{icon}</span>}
          />
        </Card>
      );
      const to = list && linkTo(list.resource, { status: list.status });
      return (
        <Col key={key} xs={24} sm={12} xl={span}>
          {to ? <Link to={to}>{body}</Link> : body}
        </Col>
      );
    };
  return (
    <>
      <WebhookNotices />
      <PageHeading>{t('menu.dashboard')}</PageHeading>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {GROUPS[0].figures.map(card(GROUPS[0].span))}
      </Row>
      <div style={{ marginBottom: 16 }}>
        <StaffCharts waiting={chartsWait} />
      </div>
      {GROUPS.slice(1).map(({ span, figures }) => (
        <Row key={figures[0].key} gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {figures.map(card(span))}
        </Row>
      ))}
    </>
  );
};

export default Dashboard;
