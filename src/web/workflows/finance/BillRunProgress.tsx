import { useEffect } from 'react';
import { Alert, Progress } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BillRunStatus } from '../../../domain/finance/bill-run';
import { fetchBillRun, isRunning, POLL_MS } from './bill-runs';

/**
 * The live progress of one run the server works: read again every second while it runs, never
 * after. When it ends, the screens that show bills read them again.
 */
export const BillRunProgress = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ['billRun', id],
    queryFn: () => fetchBillRun(id),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
  const data = run.data;
  const ended = data !== undefined && !isRunning(data);
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'billRun' });
  }, [ended, queryClient]);
  if (!data) return null;
  const failed = data.status === BillRunStatus.failed;
  return (
    <div style={{ marginTop: 24, maxWidth: 480 }} data-testid="run-progress">
      <Progress
        percent={Math.floor((data.done / Math.max(data.total, 1)) * 100)}
        status={failed ? 'exception' : ended ? 'success' : 'active'}
      />
      <div>{t('finance.generate.progress', { done: data.done, total: data.total })}</div>
      {ended && (
        <Alert
          style={{ marginTop: 12 }}
          type={failed ? 'error' : data.counts.failed ? 'warning' : 'success'}
          showIcon
          message={t('finance.generate.summary', data.counts)}
          description={failed ? t('finance.runs.failedBecause', { reason: data.error }) : undefined}
          data-testid="run-summary"
        />
      )}
    </div>
  );
};
