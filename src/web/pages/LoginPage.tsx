import { Button, Form, Input, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { LanguageSelect } from '../layout/LanguageSelect';
import { authProvider } from '../providers/auth-provider';

interface Credentials {
  username: string;
  password: string;
}

/**
 * Sign in (SPEC 5): the user name must not be empty after trimming, the password has at least 6
 * characters; a refused sign-in shows the server's message (toast from the HTTP client).
 */
export const LoginPage = () => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  // The auth provider directly, not Refine's useLogin: Refine is not loaded on this page yet.
  // A refusal needs nothing here: the HTTP client toasted the server's message.
  const login = async (values: Credentials) => {
    setPending(true);
    try {
      const answer = await authProvider.login(values);
      if (answer.success && answer.redirectTo) navigate(answer.redirectTo, { replace: true });
    } finally {
      setPending(false);
    }
  };
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: `linear-gradient(160deg, #203a5c 0%, #2d5d8a 55%, ${token.colorPrimary} 100%)` }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadius }}>
          <LanguageSelect />
        </div>
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        {/* Plain boxes in antd's tokens rather than Card and Typography: those bring tabs, text
            editing and ellipsis measuring into the first load, for a title and one line. */}
        <div style={{ width: 400, maxWidth: '100%', boxSizing: 'border-box', padding: token.paddingLG, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
          <h3 style={{ textAlign: 'center', margin: '8px 0 0', fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
            {siteTitle(i18n.language)}
          </h3>
          <p style={{ textAlign: 'center', margin: `${token.marginXS}px 0 ${token.marginLG}px`, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
          <Form<Credentials> layout="vertical" size="large" requiredMark={false} onFinish={(values) => void login(values)} data-testid="login-form">
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ validator: (_, v) => (String(v ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('login.usernameRequired')))) }]}
            >
              <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ validator: (_, v) => (String(v ?? '').length >= 6 ? Promise.resolve() : Promise.reject(new Error(t('login.passwordLength')))) }]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
      </div>
    </div>
  );
};
