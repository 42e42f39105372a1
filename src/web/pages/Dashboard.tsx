import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { AimOutlined, EnvironmentOutlined, GlobalOutlined, TeamOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

interface Counts {
  countries: number;
  ports: number;
  activePorts: number;
  users: number;
}

const CARDS: { key: keyof Counts; icon: ReactNode; color: string }[] = [
  { key: 'countries', icon: <GlobalOutlined />, color: '#1890ff' },
  { key: 'ports', icon: <EnvironmentOutlined />, color: '#13c2c2' },
  { key: 'activePorts', icon: <AimOutlined />, color: '#52c41a' },
  { key: 'users', icon: <TeamOutlined />, color: '#fa8c16' },
];

/** The staff dashboard: live counts from GET /statistics/counts. */
const Dashboard = () => {
  const { t } = useTranslation();
  const { query, result } = useCustom<Counts>({ url: '/statistics/counts', method: 'get' });
  const counts = result?.data as Counts | undefined;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('menu.dashboard')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {CARDS.map(({ key, icon, color }) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card loading={query.isLoading} data-testid={`count-${key}`}>
              <Statistic title={t(`dashboard.${key}`)} value={counts?.[key] ?? 0} prefix={<span style={{ color, marginRight: 8 }}>{icon}</span>} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
};

export default Dashboard;
