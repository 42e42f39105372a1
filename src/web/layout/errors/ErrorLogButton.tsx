import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from './error-log';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** The error log viewer (SPEC 2, 8): shown once a runtime error has been caught. */
export const ErrorLogButton = () => {
  const { t } = useTranslation();
  const log = useErrorLog();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it still animates.
  const [used, setUsed] = useState(false);
  if (!log.length) return null;
  return (
    <>
      <Tooltip title={t('layout.errorLog.title')}>
        <Badge dot>
          <Button type="text" danger icon={<BugOutlined />} onClick={() => {
              setUsed(true);
              setOpen(true);
            }} aria-label={t('layout.errorLog.title')} data-testid="error-log" />
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
