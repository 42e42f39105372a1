import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../layout/PageTitle';

/** /404 and /401: public pages (DESIGN C13) with a way back home. */
const ErrorPage = ({ status }: { status: 404 | 401 }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = status === 404 ? 'notFound' : 'unauthorized';
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status === 404 ? '404' : '403'}
        title={<PageTitle>{status}</PageTitle>}
        subTitle={t(`pages.${key}.message`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('pages.backHome')}
          </Button>
        }
      />
    </main>
  );
};

export default ErrorPage;
