import { Button, Descriptions, Space, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BillStatus } from '../../../domain/finance/codes';
import { localized, siteSettings } from '../../../domain/site-settings';
import { http } from '../../providers/http';
import { fetchBillLines, lineText, money, type BillLine } from './bill-lines';

type Rec = Record<string, unknown>;

/** Only the bill is printed: the layout around it is hidden on paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .bill-print, .bill-print * { visibility: visible; }
  .bill-print { position: absolute; left: 0; top: 0; width: 100%; }
  .bill-print .no-print { display: none; }
}`;

const TOTALS = ['storageTotal', 'inboundTotal', 'outboundTotal', 'transportTotal', 'otherTotal'] as const;

/**
 * The printable bill, in the customer's language (the bill's `language`) whatever the screen's,
 * with the company details of the settings file. The browser's print makes the paper or PDF.
 */
const BillPrintPage = () => {
  const { id } = useParams();
  const { i18n } = useTranslation();
  const bill = useQuery({ queryKey: ['billPrint', id], queryFn: () => http.get<Rec>(`/finance/bills/${id}`) });
  const lines = useQuery({ queryKey: ['billPrintLines', id], queryFn: () => fetchBillLines(id!) });
  const organization = useQuery({
    queryKey: ['billPrintOrg', bill.data?.organizationId],
    enabled: !!bill.data,
    queryFn: () => http.get<{ rows: Rec[] }>('/organizations', { query: { id: bill.data!.organizationId, pageSize: 1 }, notify: false }).then((d) => d.rows[0]).catch(() => undefined),
  });
  if (!bill.data || !lines.data) return <Spin />;
  const lang = String(bill.data.language ?? 'en');
  const t = i18n.getFixedT(lang);
  const currency = t(`enums.currency.${bill.data.currency}`);
  const company = siteSettings.company;
  const customer = organization.data;
  const customerName = customer ? String((lang === 'zh' ? customer.companyNameCN : customer.companyNameEN) || customer.organizationName || '') : '';
  return (
    <div className="bill-print" data-testid="bill-print" lang={lang} style={{ maxWidth: 900, margin: '0 auto', padding: 24, background: '#fff' }}>
      <style>{PRINT_CSS}</style>
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => window.print()} data-testid="print-now">{t('finance.actions.print')}</Button>
      </Space>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>{localized(company.name, lang)}</Typography.Title>
          <div>{localized(company.address, lang)}</div>
          <div>{company.phone} · {company.email}</div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="print-title">
            {t('finance.print.title')} {bill.data.status === BillStatus.draft ? `(${t('finance.print.draft')})` : ''}
          </Typography.Title>
          <div data-testid="print-bill-no">{String(bill.data.billNo)}</div>
        </div>
      </Space>
      <Descriptions size="small" column={2} style={{ margin: '24px 0' }} items={[
        { key: 'to', label: t('finance.print.billTo'), children: customerName },
        { key: 'period', label: t('finance.print.period'), children: `${bill.data.periodFrom} – ${bill.data.periodTo}` },
        { key: 'issued', label: t('finance.print.issued'), children: String(bill.data.issuedDate ?? '') },
        { key: 'status', label: t('bills.fields.status'), children: t(`enums.billStatus.${bill.data.status}`) },
      ]} />
      <Table<BillLine>
        size="small"
        pagination={false}
        rowKey={(l) => String(l.id)}
        dataSource={lines.data}
        columns={[
          { title: t('billLines.fields.description'), render: (_, l) => lineText(t, l) },
          { title: t('billLines.fields.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('billLines.fields.unit'), dataIndex: 'unit', render: (v?: number | null) => (v ? t(`enums.feeUnit.${v}`) : '') },
          { title: t('billLines.fields.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (v) => (v == null ? '' : money(v)) },
          { title: `${t('billLines.fields.amount')} (${currency})`, dataIndex: 'amount', align: 'right', render: (v) => money(v) },
        ]}
      />
      <Descriptions size="small" bordered column={1} title={t('finance.print.totalsByType')} style={{ marginTop: 24, maxWidth: 420, marginLeft: 'auto' }} items={[
        ...TOTALS.filter((field) => Number(bill.data![field]) !== 0).map((field) => ({ key: field, label: t(`bills.fields.${field}`), children: `${money(bill.data![field] as number)} ${currency}` })),
        { key: 'total', label: <strong>{t('finance.print.grandTotal')}</strong>, children: <strong data-testid="print-total">{money(bill.data.total as number)} {currency}</strong> },
      ]} />
    </div>
  );
};

export default BillPrintPage;
