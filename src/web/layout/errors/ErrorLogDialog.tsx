import { Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, useErrorLog, type ErrorLogEntry } from './error-log';
import type { DialogProps } from '../use-lazy-dialog';

/** The error log's table (SPEC 2, 8), loaded when first opened: a table is no part of the header. */
const ErrorLogDialog = ({ open, setOpen }: DialogProps) => {
  const { t } = useTranslation();
  const log = useErrorLog();
  return (
    <Modal
      open={open}
      width="80%"
      title={t('layout.errorLog.title')}
      onCancel={() => setOpen(false)}
      footer={
        <Button
          danger
          onClick={() => {
            clearErrorLog();
            setOpen(false);
          }}
          data-testid="error-log-clear"
        >
          {t('layout.errorLog.clearAll')}
        </Button>
      }
    >
      <Table<ErrorLogEntry>
        data-testid="error-log-table"
        rowKey={(r) => `${r.time}-${r.message}`}
        dataSource={log}
        pagination={false}
        size="small"
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('layout.errorLog.message'),
            key: 'message',
            render: (_, r) => (
              <>
                <Typography.Text type="danger" strong>
                  {r.message}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">{t('layout.errorLog.info')}: </Typography.Text>
                  {r.info}
                </div>
                <div>
                  <Typography.Text type="secondary">{t('layout.errorLog.url')}: </Typography.Text>
                  {r.url}
                </div>
              </>
            ),
          },
          {
            title: t('layout.errorLog.stack'),
            dataIndex: 'stack',
            width: '50%',
            render: (stack: string) => (
              <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0, maxHeight: 200, overflow: 'auto' }}>
                {stack}
              </pre>
            ),
          },
        ]}
      />
    </Modal>
  );
};

export default ErrorLogDialog;
