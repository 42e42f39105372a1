import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Above a form whose record someone else changed meanwhile: who, and a way to reload it. What the
 * user typed stays until they choose to; closing the notice keeps it (a save then answers 409).
 */
export const ChangedElsewhere = ({
  by,
  onReload,
  onClose,
}: {
  by: string;
  onReload: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      data-testid="changed-elsewhere"
      message={t('engine.stale.changedBy', { name: by || t('engine.stale.someone') })}
      action={
        <Button size="small" onClick={onReload} data-testid="changed-elsewhere-reload">
          {t('engine.stale.reload')}
        </Button>
      }
    />
  );
};
