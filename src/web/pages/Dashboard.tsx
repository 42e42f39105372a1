import { useDeferredValue, type ReactNode } from 'react';
import { Col, Row } from 'antd';
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
import { PageHeading } from '../layout/PageTitle';
import { FigureCard } from '../reports/FigureCard';
import { useListLink } from '../reports/list-link';
import { StaffCharts } from '../reports/StaffCharts';
import { WebhookNotices } from '../webhooks/WebhookNotices';

type Counts = Record<string, number>;

interface Figure {
  /** The count's name: its label's and the list's it opens. */
  key: string;
  icon: ReactNode;
  color: string;
}

/** The work in hand, four a row on a wide screen, above the charts. */
const WORK: Figure[] = [
  { key: 'organizations', icon: <ShopOutlined />, color: '#1890ff' },
  { key: 'shipmentsAtSea', icon: <SendOutlined />, color: '#13c2c2' },
  { key: 'inboundsAwaiting', icon: <ImportOutlined />, color: '#fa8c16' },
  { key: 'outboundsAwaiting', icon: <ExportOutlined />, color: '#eb2f96' },
  { key: 'ordersAwaitingReview', icon: <AuditOutlined />, color: '#faad14' },
  { key: 'deliveriesInTransit', icon: <CarOutlined />, color: '#2f54eb' },
  { key: 'billsUnpaid', icon: <AccountBookOutlined />, color: '#f5222d' },
  { key: 'stockPieces', icon: <InboxOutlined />, color: '#52c41a' },
  { key: 'stockPallets', icon: <AppstoreOutlined />, color: '#722ed1' },
];

/** The reference data behind the work, under the charts. */
const REFERENCE: Figure[] = [
  { key: 'countries', icon: <GlobalOutlined />, color: '#1890ff' },
  { key: 'ports', icon: <EnvironmentOutlined />, color: '#13c2c2' },
  { key: 'activePorts', icon: <AimOutlined />, color: '#52c41a' },
  { key: 'users', icon: <TeamOutlined />, color: '#fa8c16' },
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
  const card = ({ key, icon, color }: Figure) => (
    <Col key={key} xs={24} sm={12} xl={6}>
      <FigureCard
        name={key}
        value={counts?.[key]}
        linkTo={linkTo}
        prefix={<span style={{ color, marginRight: 8 }}>{icon}</span>}
        loading={query.isLoading}
      />
    </Col>
  );
  return (
    <>
      <WebhookNotices />
      <PageHeading>{t('menu.dashboard')}</PageHeading>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {WORK.map(card)}
      </Row>
      <div style={{ marginBottom: 16 }}>
        <StaffCharts waiting={chartsWait} />
      </div>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {REFERENCE.map(card)}
      </Row>
    </>
  );
};

export default Dashboard;
