import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../PageTitle';

/** What a failed page shows in its place, with the tab's refresh when there is one. */
const PageFailed = ({ onRetry }: { onRetry?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<PageTitle>{t('layout.errorLog.pageFailed')}</PageTitle>}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            {t('layout.tags.refresh')}
          </Button>
        )
      }
    />
  );
};

export default PageFailed;
