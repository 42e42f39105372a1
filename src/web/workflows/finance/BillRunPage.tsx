import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../engine/RefSelect';
import { PageTitle } from '../../layout/PageTitle';
import { http } from '../../providers/http';
import type { BillRun } from './bill-runs';
import { BillRunList } from './BillRunList';
import { BillRunProgress } from './BillRunProgress';
import { useRequiredRule } from '../../engine/use-required-rule';

/**
 * Bills for one month: for one customer (a draft to review), or for every customer of a warehouse
 * as a run the server works (POST /finance/billRuns), whose progress this page follows and which
 * goes on if the page is closed. Below, the runs so far, each with its customers' results. The
 * remarks go on every bill made.
 */
const BillRunPage = () => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{
    warehouseId: number;
    month: Dayjs;
    organizationId?: number;
    language: string;
    remarks?: string;
  }>();
  const [runId, setRunId] = useState<number>();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    const values = await form.validateFields();
    const period = {
      warehouseId: values.warehouseId,
      periodFrom: values.month.startOf('month').format('YYYY-MM-DD'),
      periodTo: values.month.endOf('month').format('YYYY-MM-DD'),
      language: values.language,
      ...(values.remarks?.trim() && { remarks: values.remarks.trim() }),
    };
    setStarting(true);
    try {
      if (values.organizationId) {
        const bill = await http.post<{ id: number }>('/finance/bills', {
          ...period,
          organizationId: values.organizationId,
        });
        await queryClient.invalidateQueries();
        return navigate(`/finance/bills/${bill.id}`);
      }
      const run = await http.post<BillRun>('/finance/billRuns', period);
      setRunId(run.id);
      await queryClient.invalidateQueries({ queryKey: ['billRuns'] });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card title={<PageTitle>{t('bills.titles.create')}</PageTitle>} data-testid="bill-run">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ month: dayjs().subtract(1, 'month'), language: 'en' }}
      >
        <Form.Item name="warehouseId" label={t('bills.fields.warehouseId')} rules={required}>
          <RefSelect resource="warehouses" data-testid="run-warehouse" />
        </Form.Item>
        <Form.Item name="month" label={t('finance.generate.month')} rules={required}>
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
            loading={starting}
            onClick={() => void start().catch(() => undefined)}
            data-testid="run-start"
          >
            {t('finance.actions.generate')}
          </Button>
          <Button onClick={() => navigate('/finance/bills')}>{t('bills.titles.list')}</Button>
        </Space>
      </Form>
      {runId !== undefined && <BillRunProgress key={runId} id={runId} />}
      <BillRunList />
    </Card>
  );
};

export default BillRunPage;
