import { Avatar, Button, Dropdown, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../providers/session';

/** The user's name and avatar with the account menu. Profile and change password come later. */
export const UserMenu = () => {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') }],
        onClick: ({ key }) => key === 'logout' && logout(),
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 40 }}>
        <Space>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Text strong>{user?.name}</Typography.Text>
        </Space>
      </Button>
    </Dropdown>
  );
};
