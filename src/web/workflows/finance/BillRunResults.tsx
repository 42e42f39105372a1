import { useState } from 'react';
import { Select, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../../resources/index';
import { BILL_RUN_RESULTS, type BillRunResult } from '../../../domain/finance/bill-run';
import { recordScreenPath } from '../../../domain/resource';
import { fetchBillRunResults, type BillRunResultRow } from './bill-runs';

const TONES: Record<BillRunResult, string> = {
  billed: 'success',
  alreadyBilled: 'processing',
  noFeeModel: 'warning',
  currencies: 'warning',
  nothing: 'default',
  failed: 'error',
};

/** One run's result for each customer, a page at a time from the server, narrowed to one result on request. */
export const BillRunResults = ({ runId }: { runId: number }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState({ index: 1, size: 20 });
  const [result, setResult] = useState<BillRunResult>();
  const rows = useQuery({
    queryKey: ['billRunResults', runId, page, result],
    queryFn: () => fetchBillRunResults(runId, page.index, page.size, result),
  });
  const bills = resourceByName('bills')!;
  return (
    <div data-testid="bill-run-results">
      <Select
        allowClear
        style={{ width: 240, marginBottom: 8 }}
        placeholder={t('finance.runs.result')}
        value={result}
        onChange={(value?: BillRunResult) => {
          setResult(value);
          setPage((p) => ({ ...p, index: 1 }));
        }}
        options={BILL_RUN_RESULTS.map((r) => ({ value: r, label: t(`enums.billRunResult.${r}`) }))}
        data-testid="run-results-filter"
      />
      <Table<BillRunResultRow>
        size="small"
        rowKey="organizationId"
        loading={rows.isFetching}
        dataSource={rows.data?.rows}
        // On a phone the results scroll in the run's row, each led by its customer.
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: rows.data?.total,
          showSizeChanger: true,
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          {
            key: 'customer',
            title: t('finance.runs.customer'),
            fixed: 'left',
            render: (_, r) => r.organizationName ?? r.organizationId,
          },
          {
            key: 'result',
            title: t('finance.runs.result'),
            render: (_, r) => <Tag color={TONES[r.result]}>{t(`enums.billRunResult.${r.result}`)}</Tag>,
          },
          {
            key: 'bill',
            title: t('finance.runs.bill'),
            render: (_, r) => r.billId && <Link to={recordScreenPath(bills, 'show', r.billId)}>{r.billNo}</Link>,
          },
          { key: 'reason', title: t('finance.runs.reason'), dataIndex: 'reason' },
        ]}
      />
    </div>
  );
};
