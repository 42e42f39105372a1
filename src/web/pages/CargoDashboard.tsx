import { Card, Result } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../providers/session';

/** The cargo owner's (shipper's) dashboard. Their figures come with the inventory and order issues. */
const CargoDashboard = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  return (
    <Card>
      <Result icon={<SmileOutlined />} title={t('dashboard.welcome', { name: user?.name ?? '' })} subTitle={t('dashboard.cargoIntro')} />
    </Card>
  );
};

export default CargoDashboard;
