import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Progress, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../engine/RefSelect';
import { http } from '../../providers/http';

/** Customers per request: small enough that the bar moves, large enough that SQL works in sets. */
const CHUNK = 25;

/** Why a run passed a customer over (POST /finance/bills/generate). */
type SkipReason = 'billed' | 'noFeeModel' | 'currencies' | 'nothing';

interface RunResult {
  created: { id: number }[];
  skipped: { organizationId: number; reason: SkipReason }[];
}

type RunProgress = { done: number; total: number; created: number } & Record<SkipReason, number>;

/**
 * Bills for one month: for one customer (a draft to review), or for every customer of a warehouse,
 * sent in chunks so a progress bar follows the run. Customers skipped (already billed for the month,
 * without a fee model, with models of two currencies, without activity) are counted by reason. The
 * remarks go on every bill made.
 */
const BillRunPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{
    warehouseId: number;
    month: Dayjs;
    organizationId?: number;
    language: string;
    remarks?: string;
  }>();
  const [progress, setProgress] = useState<RunProgress>();
  const [running, setRunning] = useState(false);

  const start = async () => {
    const values = await form.validateFields();
    const period = {
      warehouseId: values.warehouseId,
      periodFrom: values.month.startOf('month').format('YYYY-MM-DD'),
      periodTo: values.month.endOf('month').format('YYYY-MM-DD'),
      language: values.language,
      ...(values.remarks?.trim() && { remarks: values.remarks.trim() }),
    };
    setRunning(true);
    try {
      if (values.organizationId) {
        const bill = await http.post<{ id: number }>('/finance/bills', {
          ...period,
          organizationId: values.organizationId,
        });
        await queryClient.invalidateQueries();
        return navigate(`/finance/bills/${bill.id}`);
      }
      const ids = (
        await http.get<{ rows: { id: number }[] }>('/organizations', { query: { pageSize: 1000, sort: 'id' } })
      ).rows.map((o) => o.id);
      const state: RunProgress = {
        done: 0,
        total: ids.length,
        created: 0,
        billed: 0,
        noFeeModel: 0,
        currencies: 0,
        nothing: 0,
      };
      setProgress({ ...state });
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        const result = await http.post<RunResult>('/finance/bills/generate', { ...period, organizationIds: chunk });
        state.done += chunk.length;
        state.created += result.created.length;
        for (const skipped of result.skipped) state[skipped.reason] += 1;
        setProgress({ ...state });
      }
      await queryClient.invalidateQueries();
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card title={t('bills.titles.create')} data-testid="bill-run">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ month: dayjs().subtract(1, 'month'), language: 'en' }}
      >
        <Form.Item
          name="warehouseId"
          label={t('bills.fields.warehouseId')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <RefSelect resource="warehouses" data-testid="run-warehouse" />
        </Form.Item>
        <Form.Item
          name="month"
          label={t('finance.generate.month')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker picker="month" data-testid="run-month" />
        </Form.Item>
        <Form.Item name="organizationId" label={t('bills.fields.organizationId')} extra={t('finance.generate.allHint')}>
          <RefSelect resource="organizations" allowClear data-testid="run-organization" />
        </Form.Item>
        <Form.Item name="language" label={t('bills.fields.language')}>
          <Select
            options={['en', 'zh', 'es', 'ja'].map((code) => ({ value: code, label: t(`enums.billLanguage.${code}`) }))}
          />
        </Form.Item>
        <Form.Item name="remarks" label={t('bills.fields.remarks')}>
          <Input.TextArea rows={2} maxLength={1000} data-testid="run-remarks" />
        </Form.Item>
        <Space>
          <Button
            type="primary"
            loading={running}
            onClick={() => void start().catch(() => undefined)}
            data-testid="run-start"
          >
            {t('finance.actions.generate')}
          </Button>
          <Button onClick={() => navigate('/finance/bills')}>{t('bills.titles.list')}</Button>
        </Space>
      </Form>
      {progress && (
        <div style={{ marginTop: 24, maxWidth: 480 }} data-testid="run-progress">
          <Progress
            percent={Math.round((progress.done / Math.max(progress.total, 1)) * 100)}
            status={running ? 'active' : 'success'}
          />
          <div>{t('finance.generate.progress', progress)}</div>
          {!running && (
            <Alert
              style={{ marginTop: 12 }}
              type="success"
              showIcon
              message={t('finance.generate.summary', progress)}
              data-testid="run-summary"
            />
          )}
        </div>
      )}
    </Card>
  );
};

export default BillRunPage;
