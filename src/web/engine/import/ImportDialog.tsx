import { useState } from 'react';
import { keys } from '@refinedev/core';
import type { BaseKey } from '@refinedev/core';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { importSheets } from '../../../domain/import-sheets';
import type { ResourceDef } from '../../../domain/resource';
import { resourceByName } from '../../../../resources/index';
import { feedback, ERROR_SECONDS } from '../../providers/feedback';
import { queryClient } from '../../providers/query-client';
import { downloadApi, saveBlob } from '../download';
import { markedFile, sendImport, type ImportCounts, type ImportProblem, type PreviewSheet } from './import-api';
import { PreviewTables } from './PreviewTables';

type Phase =
  | { step: 'choose' }
  | { step: 'busy'; text: string; sent: number | null }
  | { step: 'problems'; message: string; problems: ImportProblem[] }
  | { step: 'ready'; counts: ImportCounts; preview: PreviewSheet[] };

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * Import in three moves: the template, the filled file checked on the server (its problems listed
 * and offered back marked in the file), then the counts, the first rows and the import itself, all
 * or nothing. A large file shows its upload, then the server at work. `into`: the rows go into that
 * record's relation (an inbound's lines).
 */
export default function ImportDialog({
  def,
  into,
  onDone,
  onClose,
}: {
  def: ResourceDef;
  into?: BaseKey;
  onDone?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const path = into === undefined ? def.api : `${def.api}/${into}`;
  const busy = (text: string) => setPhase({ step: 'busy', text, sent: 0 });
  const progress = (text: string) => (sent: number | null) => setPhase({ step: 'busy', text, sent });
  const [file, setFile] = useState<File>();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const sheets = importSheets(def, resourceByName);

  const fail = (err: unknown) => {
    void feedback.message.error(err instanceof Error ? err.message : t('http.error'), ERROR_SECONDS);
    setPhase({ step: 'choose' });
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    busy(t('import.checking'));
    try {
      const answer = await sendImport(path, chosen, true, progress(t('import.checking')));
      setPhase(
        answer.ok
          ? { step: 'ready', counts: answer.counts, preview: answer.preview }
          : { step: 'problems', message: answer.message, problems: answer.problems },
      );
    } catch (err) {
      fail(err);
    }
  };

  const run = async () => {
    busy(t('import.importing'));
    try {
      const answer = await sendImport(path, file!, false, progress(t('import.importing')));
      if (!answer.ok) return setPhase({ step: 'problems', message: answer.message, problems: answer.problems });
      const { created, updated, unchanged } = answer.counts;
      void feedback.message.success(
        t('import.done', { created: sum(created), updated: sum(updated), unchanged: sum(unchanged) }),
      );
      for (const name of new Set([def.name, ...sheets.map((sheet) => sheet.def.name)]))
        void queryClient.invalidateQueries({ queryKey: keys().data('default').resource(name).get() });
      onDone?.();
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const downloadMarked = async () => {
    try {
      saveBlob(await markedFile(path, file!), file!.name.replace(/(\.xlsx)?$/i, '-marked.xlsx'));
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
      title={t('import.title', { name: t(`${(into === undefined ? def : sheets[0].def).name}.titles.list`) })}
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
          <div data-testid="import-progress">
            <Typography.Text>
              {phase.sent === null ? phase.text : t('import.uploading', { file: file?.name })}
            </Typography.Text>
            <Progress percent={phase.sent === null ? 100 : Math.round(phase.sent * 100)} status="active" />
          </div>
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
            <PreviewTables preview={phase.preview} />
          </>
        )}
      </Space>
    </Modal>
  );
}
