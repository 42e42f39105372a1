import { useState } from 'react';
import { keys } from '@refinedev/core';
import { Alert, Button, Modal, Space, Spin, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { importSheets } from '../../../domain/import-def';
import type { ResourceDef } from '../../../domain/resource';
import { resourceByName } from '../../../../resources/index';
import { feedback, ERROR_SECONDS } from '../../providers/feedback';
import { queryClient } from '../../providers/query-client';
import { downloadApi, saveBlob } from '../download';
import { markedFile, sendImport, type ImportCounts, type ImportProblem } from './import-api';

type Phase =
  | { step: 'choose' }
  | { step: 'busy'; text: string }
  | { step: 'problems'; message: string; problems: ImportProblem[] }
  | { step: 'ready'; counts: ImportCounts };

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * Import in three moves: the template, the filled file checked on the server (its problems listed
 * and offered back marked in the file), then the counts and the import itself, all or nothing.
 */
export default function ImportDialog({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const sheets = importSheets(def, resourceByName);

  const fail = (err: unknown) => {
    void feedback.message.error(err instanceof Error ? err.message : t('http.error'), ERROR_SECONDS);
    setPhase({ step: 'choose' });
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setPhase({ step: 'busy', text: t('import.checking') });
    try {
      const answer = await sendImport(def.api, chosen, true);
      setPhase(
        answer.ok
          ? { step: 'ready', counts: answer.counts }
          : { step: 'problems', message: answer.message, problems: answer.problems },
      );
    } catch (err) {
      fail(err);
    }
  };

  const run = async () => {
    setPhase({ step: 'busy', text: t('import.importing') });
    try {
      const answer = await sendImport(def.api, file!, false);
      if (!answer.ok) return setPhase({ step: 'problems', message: answer.message, problems: answer.problems });
      const { created, updated, unchanged } = answer.counts;
      void feedback.message.success(
        t('import.done', { created: sum(created), updated: sum(updated), unchanged: sum(unchanged) }),
      );
      for (const sheet of sheets)
        void queryClient.invalidateQueries({ queryKey: keys().data('default').resource(sheet.def.name).get() });
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const downloadMarked = async () => {
    try {
      saveBlob(await markedFile(def.api, file!), file!.name.replace(/(\.xlsx)?$/i, '-marked.xlsx'));
    } catch (err) {
      fail(err);
    }
  };

  const uploader = (
    <Upload.Dragger
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(chosen) => {
        void check(chosen);
        return false;
      }}
      data-testid="import-file"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('import.choose')}</p>
      <p className="ant-upload-hint">{t('import.limits')}</p>
    </Upload.Dragger>
  );

  return (
    <Modal
      open
      width={880}
      title={t('import.title', { name: t(`${def.name}.titles.list`) })}
      onCancel={onClose}
      footer={
        phase.step === 'ready' ? (
          <Button type="primary" onClick={() => void run()} data-testid="import-run">
            {t('import.run')}
          </Button>
        ) : null
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadApi(`${def.api}/import/template`, `${def.name}-import.xlsx`)}
            data-testid="import-template"
          >
            {t('import.steps.template')}
          </Button>
          <Typography.Text type="secondary">{t('import.templateHint')}</Typography.Text>
        </Space>
        {phase.step === 'busy' ? (
          <Spin tip={phase.text}>
            <div style={{ height: 120 }} />
          </Spin>
        ) : (
          uploader
        )}
        {phase.step === 'problems' && (
          <>
            <Alert
              type="error"
              showIcon
              message={phase.message}
              description={phase.problems.length ? t('import.problems', { count: phase.problems.length }) : undefined}
              action={
                phase.problems.length ? (
                  <Button size="small" onClick={() => void downloadMarked()} data-testid="import-marked">
                    {t('import.marked')}
                  </Button>
                ) : undefined
              }
              data-testid="import-problems"
            />
            {phase.problems.length > 0 && (
              <Table
                size="small"
                rowKey={(p) => `${p.sheet}:${p.row}:${p.column}`}
                dataSource={phase.problems}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                columns={(['sheet', 'row', 'column', 'message'] as const).map((key) => ({
                  key,
                  dataIndex: key,
                  title: t(`import.columns.${key}`),
                }))}
                data-testid="import-problem-table"
              />
            )}
          </>
        )}
        {phase.step === 'ready' && (
          <>
            <Alert type="success" showIcon message={t('import.preview')} />
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={sheets.map((s) => ({
                name: s.def.name,
                title: t(`${s.def.name}.titles.list`),
                created: phase.counts.created[s.def.name] ?? 0,
                updated: phase.counts.updated[s.def.name] ?? 0,
                unchanged: phase.counts.unchanged[s.def.name] ?? 0,
              }))}
              columns={[
                { key: 'title', dataIndex: 'title', title: t('import.counts.resource') },
                ...(['created', 'updated', 'unchanged'] as const).map((key) => ({
                  key,
                  dataIndex: key,
                  title: t(`import.counts.${key}`),
                  align: 'right' as const,
                })),
              ]}
              data-testid="import-preview"
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
