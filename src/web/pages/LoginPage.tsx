import { Button, Card, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { LanguageSelect } from '../layout/LanguageSelect';

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
  const { mutate: login, isPending } = useLogin<Credentials>();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: `linear-gradient(160deg, #203a5c 0%, #2d5d8a 55%, ${token.colorPrimary} 100%)` }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadius }}>
          <LanguageSelect />
        </div>
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Card style={{ width: 400, maxWidth: '100%', boxShadow: token.boxShadowSecondary }}>
          <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 8 }}>
            {siteTitle(i18n.language)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('login.subtitle')}
          </Typography.Paragraph>
          <Form<Credentials> layout="vertical" size="large" requiredMark={false} onFinish={(values) => login(values)} data-testid="login-form">
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
        </Card>
      </div>
    </div>
  );
};
