import { lazy, Suspense, useState } from 'react';
import { Button, Grid, Layout, Space, theme, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../providers/layout-settings';
import { Breadcrumbs } from './header/Breadcrumbs';
import { Fullscreen } from './header/Fullscreen';
import { SizeSelect } from './header/SizeSelect';
import { SupportMenu } from './header/SupportMenu';
import { ErrorLogButton } from './errors/ErrorLogButton';
import { LanguageSelect } from './LanguageSelect';
import { MenuSearch } from './header/MenuSearch';
import { setMobileSidebar, toggleSidebar, useSidebar } from './sidebar/sidebar-store';
import { UserMenu } from './user/UserMenu';

// Not needed for the first paint: the drawer loads when first used.
const SettingsPanel = lazy(() => import('./settings/SettingsPanel'));

/** The top bar (SPEC 2 "Layout"); on narrow screens only the essentials stay. */
export const Header = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const mobile = screens.lg === false;
  const { collapsed } = useSidebar();
  const { showSettings } = useLayoutSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const folded = mobile || collapsed;
  return (
    <Layout.Header
      data-testid="header"
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 8px',
        height: 50,
        lineHeight: '50px',
      }}
    >
      <Button
        type="text"
        icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={t('layout.toggleSidebar')}
        data-testid="sidebar-toggle"
        onClick={() => (mobile ? setMobileSidebar(true) : toggleSidebar())}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Breadcrumbs />
      </div>
      <Space size={0} style={{ flex: 'none' }}>
        {!mobile && <MenuSearch />}
        {!mobile && <SupportMenu />}
        <ErrorLogButton />
        {!mobile && <Fullscreen />}
        {!mobile && <SizeSelect />}
        <LanguageSelect />
        {showSettings && !mobile && (
          <Tooltip title={t('layout.settings.title')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              onClick={() => setSettingsOpen(true)}
              aria-label={t('layout.settings.title')}
              data-testid="settings-button"
            />
          </Tooltip>
        )}
        <UserMenu />
      </Space>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout.Header>
  );
};
