import { Button, Input, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useId, useState, type CSSProperties, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { LanguageSelect } from '../layout/LanguageSelect';
import { authProvider } from '../providers/auth-provider';

interface Credentials {
  username: string;
  password: string;
}

type Problems = Partial<Record<keyof Credentials, string>>;

/** SPEC 5's two checks, as message keys: a user name that is not blank, a password of 6 or more. */
const problemsOf = ({ username, password }: Credentials): Problems => ({
  ...(!username.trim() && { username: 'login.usernameRequired' }),
  ...(password.length < 6 && { password: 'login.passwordLength' }),
});

/** A labelled field with its message under it, in antd's form look. */
const Field = ({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem?: string;
  children: ReactNode;
}) => {
  const { token } = theme.useToken();
  const line: CSSProperties = { minHeight: token.marginLG, fontSize: token.fontSize, lineHeight: token.lineHeight };
  return (
    <div style={{ marginBottom: token.marginXS }}>
      <label
        htmlFor={id}
        style={{
          display: 'block',
          paddingBottom: token.paddingXS,
          color: token.colorTextHeading,
          fontSize: token.fontSizeLG,
        }}
      >
        {label}
      </label>
      {children}
      <div id={`${id}-problem`} role={problem ? 'alert' : undefined} style={{ ...line, color: token.colorError }}>
        {problem}
      </div>
    </div>
  );
};

/**
 * Sign in (SPEC 5): the user name must not be empty after trimming, the password has at least 6
 * characters; a refused sign-in shows the server's message (toast from the HTTP client).
 */
export const LoginPage = () => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  // Fields are checked once the user tried to send, then on every keystroke, as antd's Form does.
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf(values) : {};
  const ids = useId();
  // Each field's input: its value, its label as placeholder, and its problem marked and named.
  const inputOf = (name: keyof Credentials) => ({
    id: `${ids}-${name}`,
    size: 'large' as const,
    placeholder: t(`login.${name}`),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    status: problems[name] ? ('error' as const) : undefined,
    'aria-invalid': !!problems[name],
    'aria-describedby': `${ids}-${name}-problem`,
  });
  // The auth provider directly, not Refine's useLogin: Refine is not loaded on this page yet.
  // A refusal needs nothing here: the HTTP client toasted the server's message.
  const login = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problemsOf(values)).length) return;
    setPending(true);
    try {
      const answer = await authProvider.login(values);
      if (answer.success && answer.redirectTo) navigate(answer.redirectTo, { replace: true });
    } finally {
      setPending(false);
    }
  };
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: `linear-gradient(160deg, #203a5c 0%, #2d5d8a 55%, ${token.colorPrimary} 100%)`,
      }}
    >
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadius }}>
          <LanguageSelect />
        </div>
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        {/* Plain boxes in antd's tokens rather than Card and Typography: those bring tabs, text
            editing and ellipsis measuring into the first load, for a title and one line. */}
        <div
          style={{
            width: 400,
            maxWidth: '100%',
            boxSizing: 'border-box',
            padding: token.paddingLG,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <h1
            style={{
              textAlign: 'center',
              margin: '8px 0 0',
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {siteTitle(i18n.language)}
          </h1>
          <p
            style={{
              textAlign: 'center',
              margin: `${token.marginXS}px 0 ${token.marginLG}px`,
              color: token.colorTextSecondary,
            }}
          >
            {t('login.subtitle')}
          </p>
          {/* A native form, not antd's Form: two checks do not need its field engine, validator and
              grid, which were a tenth of this page's first load (issue 13). */}
          <form noValidate onSubmit={(event) => void login(event)} data-testid="login-form">
            <Field
              id={`${ids}-username`}
              label={t('login.username')}
              problem={problems.username && t(problems.username)}
            >
              <Input {...inputOf('username')} prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Field>
            <Field
              id={`${ids}-password`}
              label={t('login.password')}
              problem={problems.password && t(problems.password)}
            >
              <Input.Password {...inputOf('password')} prefix={<LockOutlined />} autoComplete="current-password" />
            </Field>
            <Button type="primary" htmlType="submit" size="large" block loading={isPending} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
};
