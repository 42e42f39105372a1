import { Button, Descriptions, Space, Spin, Table, theme, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BillStatus } from '../../../domain/finance/codes';
import { localized, siteSettings } from '../../../domain/site-settings';
import { http } from '../../providers/http';
import { loadLanguage } from '../../providers/i18n';
import { fetchBillLines, lineText, money, type BillLine } from './bill-lines';
import { StorageExplanation } from './StorageExplanation';

type Rec = Record<string, unknown>;

/**
 * Only the bill is printed, on A4 portrait: the layout around it is hidden on paper. Its tables keep
 * to the page's width (fixed layouts, long names and titles wrapping within their column, smaller
 * type), so the amounts at the right are never cut off.
 */
const PRINT_CSS = `@page { size: A4 portrait; margin: 12mm; }
.bill-print .ant-table-cell { overflow-wrap: anywhere; }
@media print {
  body * { visibility: hidden; }
  .bill-print, .bill-print * { visibility: visible; }
  .bill-print { position: absolute; left: 0; top: 0; width: 100%; max-width: none !important; padding: 0 !important; }
  .bill-print .no-print { display: none; }
  .bill-print .ant-table { font-size: 11px; }
  .bill-print .ant-table-cell { padding: 4px 6px !important; }
}`;

const TOTALS = ['storageTotal', 'inboundTotal', 'outboundTotal', 'transportTotal', 'otherTotal'] as const;

/**
 * The printable bill, in the customer's language (the bill's `language`, its texts loaded first)
 * whatever the screen's, with the company details of the settings file, and the lot runs behind
 * each storage line so the customer can check them. The browser's print makes the paper or PDF.
 */
const BillPrintPage = () => {
  const { id } = useParams();
  const { t: screen, i18n } = useTranslation();
  const { token } = theme.useToken();
  const bill = useQuery({ queryKey: ['billPrint', id], queryFn: () => http.get<Rec>(`/finance/bills/${id}`) });
  const lines = useQuery({ queryKey: ['billPrintLines', id], queryFn: () => fetchBillLines(id!) });
  const lang = String(bill.data?.language ?? 'en');
  const texts = useQuery({
    queryKey: ['language', lang],
    enabled: !!bill.data,
    queryFn: () => loadLanguage(lang).then(() => lang),
  });
  const first = (path: string, recordId: unknown) =>
    http
      .get<{ rows: Rec[] }>(path, { query: { id: recordId, pageSize: 1 }, notify: false })
      .then((d) => d.rows[0] ?? null)
      .catch(() => null);
  const organization = useQuery({
    queryKey: ['billPrintOrg', bill.data?.organizationId],
    enabled: !!bill.data,
    queryFn: () => first('/organizations', bill.data!.organizationId),
  });
  const warehouse = useQuery({
    queryKey: ['billPrintWarehouse', bill.data?.warehouseId],
    enabled: !!bill.data,
    queryFn: () => first('/config/warehouses', bill.data!.warehouseId),
  });
  if (!bill.data || !lines.data || !texts.data) return <Spin />;
  const t = i18n.getFixedT(lang);
  const currency = t(`enums.currency.${bill.data.currency}`);
  const company = siteSettings.company;
  const customer = organization.data;
  const chinese = lang === 'zh';
  const customerName = customer
    ? String((chinese ? customer.companyNameCN : customer.companyNameEN) || customer.organizationName || '')
    : '';
  const customerAddress = customer
    ? String((chinese ? customer.addressCN : customer.addressEN) || customer.addressEN || customer.addressCN || '')
    : '';
  const explained = lines.data.filter((l) => l.explanation?.length);
  const paid = bill.data.status === BillStatus.paid;
  return (
    <div
      className="bill-print"
      data-testid="bill-print"
      lang={lang}
      style={{ maxWidth: 900, margin: '0 auto', padding: 24, background: '#fff' }}
    >
      <style>{PRINT_CSS}</style>
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => window.print()} data-testid="print-now">
          {screen('finance.actions.print')}
        </Button>
      </Space>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {localized(company.name, lang)}
          </Typography.Title>
          <div>{localized(company.address, lang)}</div>
          <div>
            {company.phone} · {company.email}
          </div>
        </div>
        <div style={{ textAlign: 'right' }}>
          {/* The page's one h1, in the size of the third level it had. */}
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}
            data-testid="print-title"
          >
            {t('finance.print.title')} {bill.data.status === BillStatus.draft ? `(${t('finance.print.draft')})` : ''}
          </Typography.Title>
          <div data-testid="print-bill-no">{String(bill.data.billNo)}</div>
        </div>
      </Space>
      <Descriptions
        size="small"
        column={2}
        style={{ margin: '24px 0' }}
        data-testid="print-header"
        items={[
          {
            key: 'to',
            label: t('finance.print.billTo'),
            children: (
              <div>
                {customerName}
                {customerAddress && <div>{customerAddress}</div>}
              </div>
            ),
          },
          {
            key: 'period',
            label: t('finance.print.period'),
            children: `${bill.data.periodFrom} – ${bill.data.periodTo}`,
          },
          { key: 'warehouse', label: t('bills.fields.warehouseId'), children: String(warehouse.data?.name ?? '') },
          { key: 'status', label: t('bills.fields.status'), children: t(`enums.billStatus.${bill.data.status}`) },
          ...(bill.data.issuedDate
            ? [{ key: 'issued', label: t('finance.print.issued'), children: String(bill.data.issuedDate) }]
            : []),
          ...(paid
            ? [
                { key: 'paid', label: t('bills.fields.paidDate'), children: String(bill.data.paidDate ?? '') },
                { key: 'ref', label: t('bills.fields.paymentRef'), children: String(bill.data.paymentRef ?? '') },
              ]
            : []),
          ...(bill.data.remarks
            ? [
                {
                  key: 'remarks',
                  label: t('bills.fields.remarks'),
                  span: 2,
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{String(bill.data.remarks)}</span>,
                },
              ]
            : []),
        ]}
      />
      <Table<BillLine>
        size="small"
        tableLayout="fixed"
        pagination={false}
        rowKey={(l) => String(l.id)}
        dataSource={lines.data}
        columns={[
          {
            title: t('billLines.fields.description'),
            // A disputed line says so on paper too, with its dispute's state (issue 43).
            render: (_, l) =>
              l.disputeStatus == null ? (
                lineText(t, l)
              ) : (
                <>
                  {lineText(t, l)}{' '}
                  <strong data-testid="print-disputed">
                    ({t('finance.disputes.open')}: {t(`enums.disputeStatus.${l.disputeStatus}`)})
                  </strong>
                </>
              ),
          },
          { title: t('billLines.fields.quantity'), dataIndex: 'quantity', align: 'right', width: '12%' },
          {
            title: t('billLines.fields.unit'),
            dataIndex: 'unit',
            width: '16%',
            render: (v?: number | null) => (v ? t(`enums.feeUnit.${v}`) : ''),
          },
          {
            title: t('billLines.fields.unitPrice'),
            dataIndex: 'unitPrice',
            align: 'right',
            width: '13%',
            render: (v) => (v == null ? '' : money(v)),
          },
          {
            title: `${t('billLines.fields.amount')} (${currency})`,
            dataIndex: 'amount',
            align: 'right',
            width: '16%',
            render: (v) => money(v),
          },
        ]}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('finance.print.totalsByType')}
        style={{ marginTop: 24, maxWidth: 420, marginLeft: 'auto' }}
        items={[
          ...TOTALS.filter((field) => Number(bill.data![field]) !== 0).map((field) => ({
            key: field,
            label: t(`bills.fields.${field}`),
            children: `${money(bill.data![field] as number)} ${currency}`,
          })),
          {
            key: 'total',
            label: <strong>{t('finance.print.grandTotal')}</strong>,
            children: (
              <strong data-testid="print-total">
                {money(bill.data.total as number)} {currency}
              </strong>
            ),
          },
        ]}
      />
      {explained.length > 0 && (
        <section style={{ marginTop: 32, breakBefore: 'page' }} data-testid="print-storage">
          <Typography.Title level={5}>{t('finance.print.storageDetail')}</Typography.Title>
          {explained.map((line) => (
            <div key={line.id} style={{ marginBottom: 16 }}>
              <Typography.Text strong>{lineText(t, line)}</Typography.Text>
              <StorageExplanation days={line.explanation!} t={t} print />
            </div>
          ))}
        </section>
      )}
    </div>
  );
};

export default BillPrintPage;
