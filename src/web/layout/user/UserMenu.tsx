import { lazy, Suspense, useState } from 'react';
import { Button, Dropdown, Grid, Space, theme } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/session';
import { PROFILE_PATH } from '../route-meta';
import { tagsStore } from '../tags/tags-store';
import { useConfirmDiscard } from '../tags/use-confirm-discard';
import { SignedAvatar } from '../../engine/SignedAvatar';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

/** The user's name and avatar with the account menu: profile, change password, log out (SPEC 2). */
export const UserMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const [changing, setChanging] = useState(false);
  // Logging out closes every tab, so unsaved forms are asked about first.
  const confirmDiscard = useConfirmDiscard();
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('layout.profile.title') },
            { key: 'password', icon: <KeyOutlined />, label: t('layout.password.title') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') navigate(PROFILE_PATH);
            if (key === 'password') setChanging(true);
            // The auth provider sends the user to login with a redirect back here (SPEC 2).
            if (key === 'logout') confirmDiscard(tagsStore.get(), () => logout());
          },
        }}
      >
        <Button type="text" data-testid="user-menu" style={{ height: 40, paddingInline: 6 }}>
          <Space>
            <SignedAvatar size="small" value={user?.avatar} icon={<UserOutlined />} />
            {/* Not Typography.Text: its editing, copying and ellipsis code came with it into every
                first load (issue 13). The button gives the text its colour. */}
            {screens.md !== false && (
              <span style={{ fontWeight: token.fontWeightStrong, lineHeight: token.lineHeight }}>{user?.name}</span>
            )}
          </Space>
        </Button>
      </Dropdown>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
};
