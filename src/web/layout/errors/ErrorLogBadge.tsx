import { lazy } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLazyDialog } from '../use-lazy-dialog';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** The header's error log button, marked with a dot, and the dialog it opens. */
const ErrorLogBadge = () => {
  const { t } = useTranslation();
  const { show, dialog } = useLazyDialog(ErrorLogDialog);
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
      {dialog}
    </>
  );
};

export default ErrorLogBadge;
