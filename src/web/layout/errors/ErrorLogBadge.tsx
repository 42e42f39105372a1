import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** The header's error log button, marked with a dot, and the dialog it opens. */
const ErrorLogBadge = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it still animates.
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  return (
    <>
      <Tooltip title={t('layout.errorLog.title')}>
        <Badge dot>
          <Button
            type="text"
            danger
            icon={<BugOutlined />}
            onClick={show}
            aria-label={t('layout.errorLog.title')}
            data-testid="error-log"
          />
        </Badge>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
};

export default ErrorLogBadge;
