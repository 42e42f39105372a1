import { Layout, Space, theme } from 'antd';
import { LanguageSelect } from './LanguageSelect';
import { UserMenu } from './UserMenu';

/**
 * The top bar. Breadcrumb, IT support, menu search, error log, fullscreen and size selector
 * (SPEC 2 "Layout") are a later issue; they slot into the left and right groups here.
 */
export const Header = () => {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        padding: '0 24px',
        height: 64,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="small">
        <LanguageSelect />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
};
