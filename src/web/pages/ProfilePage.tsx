import { Alert, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../layout/PageTitle';
import type { UserInfo } from '../providers/session';
import { useProfileOrganizations, type OrgRef } from './profile-data';
import { SignedAvatar } from '../engine/SignedAvatar';

const orgName = (o: OrgRef) => o.organizationName ?? `#${o.id}`;

/** /profile/index: who I am, my roles, my organization and the organizations I manage. */
const ProfilePage = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { own, managed, all, loading, error } = useProfileOrganizations(user ?? undefined);
  return (
    <Row gutter={[16, 16]} data-testid="profile-page">
      <Col xs={24} lg={8}>
        <Card title={t('layout.profile.about')}>
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <SignedAvatar size={96} value={user?.avatar} icon={<UserOutlined />} />
            {/* Whose profile this is: the page's h1. */}
            <PageHeading style={{ margin: 0 }}>{user?.name}</PageHeading>
            <Space wrap>
              {user?.roles.map((role) => (
                <Tag color="blue" key={role}>
                  {role}
                </Tag>
              ))}
            </Space>
            {user?.introduction && <Typography.Paragraph type="secondary">{user.introduction}</Typography.Paragraph>}
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('layout.profile.account')} loading={loading}>
          {error && <Alert type="warning" showIcon message={error} style={{ marginBottom: 12 }} />}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('layout.profile.name')}>{user?.name}</Descriptions.Item>
            <Descriptions.Item label={t('layout.profile.roles')}>{user?.roles.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('layout.profile.organization')}>{own ? orgName(own) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('layout.profile.managed')}>
              {all ? (
                <Tag color="gold" data-testid="profile-all-organizations">
                  {t('layout.profile.allOrganizations')}
                </Tag>
              ) : managed.length ? (
                <Space wrap data-testid="profile-managed">
                  {managed.map((o) => (
                    // A name in two languages is longer than a phone's screen: it wraps inside its tag.
                    <Tag key={o.id} style={{ whiteSpace: 'normal' }}>
                      {orgName(o)}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('layout.profile.noManaged')}
                  style={{ margin: 0 }}
                />
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
};

export default ProfilePage;
