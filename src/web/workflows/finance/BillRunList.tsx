import { useState } from 'react';
import { Card, Progress, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BILL_RUN_RESULTS, BillRunStatus } from '../../../domain/finance/bill-run';
import { formatLocalDateTime } from '../../../domain/format-date';
import { fetchBillRuns, isRunning, POLL_MS, type BillRun } from './bill-runs';
import { BillRunResults } from './BillRunResults';

const STATUS_TONES: Record<number, string> = {
  [BillRunStatus.running]: 'processing',
  [BillRunStatus.done]: 'success',
  [BillRunStatus.failed]: 'error',
};

/**
 * The runs started so far, newest first, with their counts per result; a row opens to its
 * customers. Read again every second while one shown is running, never after.
 */
export const BillRunList = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState({ index: 1, size: 10 });
  const runs = useQuery({
    queryKey: ['billRuns', page],
    queryFn: () => fetchBillRuns(page.index, page.size),
    refetchInterval: (query) => (query.state.data?.rows.some(isRunning) ? POLL_MS : false),
  });
  return (
    <Card size="small" title={t('finance.runs.title')} style={{ marginTop: 24 }}>
      <Table<BillRun>
        size="small"
        rowKey="id"
        data-testid="bill-runs"
        dataSource={runs.data?.rows}
        loading={runs.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: runs.data?.total,
          onChange: (index, size) => setPage({ index, size }),
        }}
        // Scrolled sideways on a phone, a run stays named by when it started.
        expandable={{ fixed: 'left', expandedRowRender: (run) => <BillRunResults runId={run.id} /> }}
        columns={[
          {
            key: 'createdAt',
            title: t('finance.runs.startedAt'),
            fixed: 'left',
            render: (_, r) => formatLocalDateTime(r.createdAt),
          },
          { key: 'startedBy', title: t('finance.runs.startedBy'), dataIndex: 'createdByName' },
          { key: 'warehouse', title: t('bills.fields.warehouseId'), dataIndex: 'warehouseName' },
          { key: 'period', title: t('finance.runs.period'), render: (_, r) => `${r.periodFrom} – ${r.periodTo}` },
          {
            key: 'status',
            title: t('bills.fields.status'),
            render: (_, r) => (
              <Tag color={STATUS_TONES[r.status]} title={r.error ?? undefined}>
                {t(`enums.billRunStatus.${r.status}`)}
              </Tag>
            ),
          },
          {
            key: 'progress',
            title: t('finance.runs.progress'),
            render: (_, r) => (
              <Progress
                size="small"
                style={{ width: 160 }}
                percent={Math.floor((r.done / Math.max(r.total, 1)) * 100)}
                format={() => `${r.done} / ${r.total}`}
                status={r.status === BillRunStatus.failed ? 'exception' : undefined}
              />
            ),
          },
          ...BILL_RUN_RESULTS.map((result) => ({
            key: result,
            title: t(`enums.billRunResult.${result}`),
            align: 'right' as const,
            render: (_: unknown, r: BillRun) => r.counts[result],
          })),
        ]}
      />
    </Card>
  );
};
