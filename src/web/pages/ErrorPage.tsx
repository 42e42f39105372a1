import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /404 and /401: public pages (DESIGN C13) with a way back home. */
const ErrorPage = ({ status }: { status: 404 | 401 }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = status === 404 ? 'notFound' : 'unauthorized';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status === 404 ? '404' : '403'}
        title={status}
        subTitle={t(`pages.${key}.message`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('pages.backHome')}
          </Button>
        }
      />
    </div>
  );
};

export default ErrorPage;
