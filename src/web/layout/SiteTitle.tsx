import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { theme } from 'antd';
import { CodeSandboxOutlined } from '@ant-design/icons';
import type { TitleProps } from '@refinedev/core';

/** The sider's title: logo and the translated site title; the logo alone when collapsed. */
export const SiteTitle = ({ collapsed }: TitleProps) => {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText, overflow: 'hidden' }}>
      <CodeSandboxOutlined style={{ fontSize: 22, color: token.colorPrimary, flex: 'none' }} />
      {/* Long titles wrap onto a second line rather than being cut off in the 200 px sider. */}
      {!collapsed && (
        <span style={{ fontWeight: 600, fontSize: 15, lineHeight: 1.25 }}>{siteTitle(i18n.language)}</span>
      )}
    </Link>
  );
};
