import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useCustom, useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../providers/session';

type Figures = Record<string, number>;

const FIGURES = ['products', 'shipments', 'shipmentsAtSea', 'inboundsAwaiting', 'outboundsAwaiting', 'stockPieces', 'stockPallets'] as const;

/** The cargo owner's dashboard: their own organization's live figures (GET /statistics/cargo). */
const CargoDashboard = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { query, result } = useCustom<Figures>({ url: '/statistics/cargo', method: 'get' });
  const figures = result?.data as Figures | undefined;
  return (
    <Card loading={query.isLoading}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      <Row gutter={[16, 16]} data-testid="cargo-figures">
        {FIGURES.map((key) => (
          <Col key={key} xs={12} md={8} xl={6}>
            <Card size="small">
              <Statistic title={t(`dashboard.${key}`)} value={figures?.[key] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
};

export default CargoDashboard;
