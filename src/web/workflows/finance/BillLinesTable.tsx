import { Button, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { enums } from '../../../domain/enums';
import { lineTotal, sumDecimals } from '../../../domain/money';
import { usePageNavigate } from '../../layout/tags/use-page-navigate';
import { lineKind, lineText, money, type BillLine } from './bill-lines';
import { lineDocumentPath } from './line-documents';
import { StorageExplanation } from './StorageExplanation';

interface Props {
  lines: BillLine[];
  currency: string;
  /** Present while a draft's lines are being edited. */
  onChange?: (lines: BillLine[]) => void;
}

/**
 * A bill's lines; a storage line opens to the lot runs that explain it, an event's charge links to
 * its inbound, outbound or delivery. While a draft is edited the description, quantity, price and
 * amount are inputs, lines can be added and removed; a changed quantity or price makes the amount
 * their product again (exact), which can still be overwritten.
 */
export const BillLinesTable = ({ lines, currency, onChange }: Props) => {
  const { t } = useTranslation();
  const go = usePageNavigate();
  const lineView = (line: BillLine) => {
    const path = onChange ? undefined : lineDocumentPath(line);
    if (!path) return lineText(t, line);
    return (
      <>
        {lineKind(t, line)} ·{' '}
        <a href={path} onClick={go(path)} data-testid="bill-line-document">
          {line.description}
        </a>
      </>
    );
  };
  const edit = (index: number, patch: Partial<BillLine>) =>
    onChange?.(
      lines.map((l, i) => {
        if (i !== index) return l;
        const next = { ...l, ...patch };
        return 'quantity' in patch || 'unitPrice' in patch
          ? { ...next, amount: Number(lineTotal(next.unitPrice ?? 0, next.quantity ?? 0)) }
          : next;
      }),
    );
  const number =
    (field: 'quantity' | 'unitPrice' | 'amount') =>
    (value: number | null | undefined, _line: BillLine, index: number) =>
      onChange ? (
        <InputNumber
          size="small"
          value={value ?? undefined}
          min={field === 'amount' ? undefined : 0}
          step={0.01}
          data-testid={`line-${index}-${field}`}
          onChange={(v) => edit(index, { [field]: v ?? 0 })}
          style={{ width: 110 }}
        />
      ) : field === 'quantity' ? (
        (value ?? '')
      ) : (
        money(value)
      );
  return (
    <Table<BillLine>
      size="small"
      rowKey={(l) => String(l.id ?? `new-${lines.indexOf(l)}`)}
      dataSource={lines}
      pagination={false}
      data-testid="bill-lines"
      // Wider than a phone: the lines scroll in their card, each led by its fee type.
      scroll={{ x: 'max-content' }}
      expandable={{
        fixed: 'left',
        rowExpandable: (l) => !!l.explanation?.length,
        expandedRowRender: (l) => <StorageExplanation days={l.explanation ?? []} />,
      }}
      summary={() => (
        <Table.Summary.Row>
          {/* Under the amounts: the expand column and the five before the amount. */}
          <Table.Summary.Cell index={0} colSpan={6}>
            {t('bills.fields.total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <strong data-testid="lines-total">
              {sumDecimals(lines.map((l) => l.amount ?? 0))} {currency}
            </strong>
          </Table.Summary.Cell>
          {onChange && <Table.Summary.Cell index={2} />}
        </Table.Summary.Row>
      )}
      columns={[
        {
          title: t('billLines.fields.feeType'),
          dataIndex: 'feeType',
          width: 120,
          fixed: 'left',
          render: (v: number, _l, index) =>
            onChange && lines[index].id === undefined ? (
              <Select
                size="small"
                value={v}
                style={{ width: 110 }}
                onChange={(feeType) => edit(index, { feeType })}
                options={enums.feeType.map((code) => ({ value: code, label: t(`enums.feeType.${code}`) }))}
              />
            ) : (
              t(`enums.feeType.${v}`)
            ),
        },
        {
          title: t('billLines.fields.description'),
          render: (_, line, index) =>
            onChange ? (
              <Input
                size="small"
                value={line.description ?? ''}
                placeholder={line.id === undefined ? t('billLines.fields.description') : lineText(t, line)}
                onChange={(e) => edit(index, { description: e.target.value })}
                data-testid={`line-${index}-description`}
              />
            ) : (
              lineView(line)
            ),
        },
        { title: t('billLines.fields.quantity'), dataIndex: 'quantity', align: 'right', render: number('quantity') },
        {
          title: t('billLines.fields.unit'),
          dataIndex: 'unit',
          render: (v?: number | null) => (v ? t(`enums.feeUnit.${v}`) : ''),
        },
        { title: t('billLines.fields.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: number('unitPrice') },
        { title: t('billLines.fields.amount'), dataIndex: 'amount', align: 'right', render: number('amount') },
        ...(onChange
          ? [
              {
                key: 'remove',
                width: 80,
                render: (_: unknown, _l: BillLine, index: number) => (
                  <Button
                    size="small"
                    danger
                    type="link"
                    onClick={() => onChange(lines.filter((_x, i) => i !== index))}
                  >
                    {t('finance.actions.remove')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
};
