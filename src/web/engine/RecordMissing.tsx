import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A detail or edit page whose record cannot be read (deleted meanwhile, another customer's, a
 * mistyped id): the server's own message and a way back, not an empty card with live buttons.
 */
export const RecordMissing = ({
  error,
  onBack,
}: {
  error: { message?: string; statusCode?: number } | null;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div data-testid="record-missing">
      <Result
        status={error?.statusCode === 403 ? '403' : '404'}
        subTitle={error?.message}
        extra={
          <Button type="primary" onClick={onBack}>
            {t('engine.backToList')}
          </Button>
        }
      />
    </div>
  );
};
