import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreviewSheet } from './import-api';

const TONES = { created: 'green', updated: 'blue', unchanged: 'default' } as const;

/** A clean file's first rows per sheet, as the file has them, each tagged with what the import does to it. */
export const PreviewTables = ({ preview }: { preview: PreviewSheet[] }) => {
  const { t } = useTranslation();
  return preview
    .filter((sheet) => sheet.rows.length)
    .map((sheet) => (
      <div key={sheet.resource} data-testid={`import-rows-${sheet.resource}`}>
        <Typography.Text strong>{t('import.firstRows', { sheet: sheet.sheet })}</Typography.Text>
        <Table
          size="small"
          rowKey="row"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={sheet.rows}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 64 },
            {
              key: 'outcome',
              dataIndex: 'outcome',
              title: t('import.outcome'),
              render: (outcome: PreviewSheet['rows'][number]['outcome']) => (
                <Tag color={TONES[outcome]}>{t(`import.counts.${outcome}`)}</Tag>
              ),
            },
            ...sheet.columns.map((title, i) => ({
              key: `c${i}`,
              title,
              render: (_: unknown, row: PreviewSheet['rows'][number]) => row.cells[i],
            })),
          ]}
        />
      </div>
    ));
};
