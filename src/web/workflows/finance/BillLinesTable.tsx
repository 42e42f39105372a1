import type { ReactNode } from 'react';
import { Button, Input, InputNumber, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { enums } from '../../../domain/enums';
import { DisputeStatus } from '../../../domain/finance/codes';
import { recordScreenPath } from '../../../domain/resource';
import { EnumTag } from '../../engine/EnumTag';
import { lineTotal, sumDecimals } from '../../../domain/money';
import { usePageNavigate } from '../../layout/tags/use-page-navigate';
import { lineKind, lineText, money, type BillLine } from './bill-lines';
import { lineDocumentPath } from './line-documents';
import { StorageExplanation } from './StorageExplanation';
import { removeLineColumn } from '../../engine/widgets/remove-line-column';

interface Props {
  lines: BillLine[];
  currency: string;
  /** Present while a draft's lines are being edited. */
  onChange?: (lines: BillLine[]) => void;
  /** Present where the viewer may dispute the bill's lines: an issued bill, the dispute right. */
  onDispute?: (line: BillLine) => void;
}

/** A line may be disputed while none of its disputes is open or was accepted: once credited, never again. */
const disputable = (line: BillLine) =>
  line.id !== undefined &&
  Number(line.amount) > 0 &&
  line.disputeStatus !== DisputeStatus.open &&
  line.disputeStatus !== DisputeStatus.accepted;

/**
 * A bill's lines; a storage line opens to the lot runs that explain it, an event's charge links to
 * its inbound, outbound or delivery. While a draft is edited the description, quantity, price and
 * amount are inputs, lines can be added and removed; a changed quantity or price makes the amount
 * their product again (exact), which can still be overwritten.
 */
export const BillLinesTable = ({ lines, currency, onChange, onDispute }: Props) => {
  const { t } = useTranslation();
  const go = usePageNavigate();
  const disputes = resourceByName('disputes')!;
  const disputeLink = (id: number, content: ReactNode) => {
    const path = recordScreenPath(disputes, 'show', String(id));
    return (
      <a href={path} onClick={go(path)} data-testid="bill-line-dispute">
        {content}
      </a>
    );
  };
  // A line's dispute: its state, linked to it; a credit line names the dispute it credits.
  const disputeCell = (line: BillLine) => (
    <Space size={4} wrap>
      {line.disputeId != null &&
        line.disputeStatus != null &&
        disputeLink(
          line.disputeId,
          <EnumTag
            def={disputes}
            field="status"
            value={line.disputeStatus}
            text={t(`enums.disputeStatus.${line.disputeStatus}`)}
          />,
        )}
      {line.creditFor != null && disputeLink(line.creditFor, t('finance.disputes.credited', { id: line.creditFor }))}
      {onDispute && disputable(line) && (
        <Button size="small" type="link" onClick={() => onDispute(line)} data-testid="bill-line-dispute-button">
          {t('finance.disputes.dispute')}
        </Button>
      )}
    </Space>
  );
  const disputed = !onChange && lines.some((l) => l.disputeId != null || l.creditFor != null);
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
          min={field === 'quantity' ? 0 : undefined}
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
          {(onChange || onDispute || disputed) && <Table.Summary.Cell index={2} />}
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
        ...(!onChange && (onDispute || disputed)
          ? [
              {
                key: 'dispute',
                title: t('billLines.fields.disputeStatus'),
                render: (_: unknown, line: BillLine) => disputeCell(line),
              },
            ]
          : []),
        ...(onChange
          ? [
              removeLineColumn<BillLine>(t('engine.lines.remove'), (index) =>
                onChange(lines.filter((_, i) => i !== index)),
              ),
            ]
          : []),
      ]}
    />
  );
};
