import { InputNumber, List, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReturnLine as Line } from './scanned-lines';

const OUTCOMES = ['restocked', 'quarantined', 'disposed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What both layouts of a return's receive show and change. */
interface ReceiveLinesProps {
  rows: Line[];
  loading: boolean;
  skuOf: (line: Line) => string;
  /** Pieces scanned per line, where any was scanned. */
  scanned?: Map<number, number>;
  countOf: (line: Line) => Record<Outcome, number>;
  set: (line: Line, outcome: Outcome, value: number | null) => void;
}

const receivedOf = (counts: Record<Outcome, number>) => OUTCOMES.reduce((sum, o) => sum + counts[o], 0);

const PiecesInput = ({ line, outcome, countOf, set }: { line: Line; outcome: Outcome } & ReceiveLinesProps) => {
  const { t } = useTranslation();
  return (
    <InputNumber
      min={0}
      precision={0}
      value={countOf(line)[outcome]}
      onChange={(value) => set(line, outcome, value)}
      aria-label={t(`returnLines.fields.${outcome}`)}
      data-testid={`receive-${outcome}-${line.id}`}
      style={{ width: 90 }}
    />
  );
};

/** On a wide screen: one row per line, requested, scanned, the three outcomes and the difference side by side. */
export const ReceiveTable = (props: ReceiveLinesProps) => {
  const { t } = useTranslation();
  const { rows, loading, skuOf, scanned, countOf } = props;
  return (
    <Table<Line>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 760 }}
      columns={[
        { key: 'sku', title: t('returnLines.fields.skuId'), render: (_, line) => skuOf(line) },
        {
          key: 'reason',
          title: t('returnLines.fields.reason'),
          render: (_, line) => t(`enums.returnReason.${line.reason}`),
        },
        { key: 'requested', title: t('returns.receive.requested'), dataIndex: 'pieces', align: 'right' },
        ...(scanned
          ? [
              {
                key: 'scanned',
                title: t('returns.receive.scanned'),
                align: 'right' as const,
                render: (_: unknown, line: Line) => scanned.get(line.id),
              },
            ]
          : []),
        ...OUTCOMES.map((outcome) => ({
          key: outcome,
          title: t(`returnLines.fields.${outcome}`),
          render: (_: unknown, line: Line) => <PiecesInput line={line} outcome={outcome} {...props} />,
        })),
        {
          key: 'difference',
          title: t('returns.receive.difference'),
          align: 'right',
          render: (_, line) => receivedOf(countOf(line)) - line.pieces,
        },
      ]}
    />
  );
};

/**
 * On a phone: each line a block of its own, its figures above and one outcome a row, label and
 * input, so nothing to receive hides beyond the screen's edge.
 */
export const ReceiveCards = (props: ReceiveLinesProps) => {
  const { t } = useTranslation();
  const { rows, loading, skuOf, scanned, countOf } = props;
  return (
    <List
      loading={loading}
      dataSource={rows}
      rowKey="id"
      renderItem={(line) => (
        <List.Item style={{ display: 'block' }} data-testid={`receive-line-${line.id}`}>
          <Typography.Text strong>{skuOf(line)}</Typography.Text>
          <Typography.Text type="secondary"> · {t(`enums.returnReason.${line.reason}`)}</Typography.Text>
          <div style={{ margin: '4px 0 8px' }}>
            {t('returns.receive.requested')} {line.pieces}
            {scanned && ` · ${t('returns.receive.scanned')} ${scanned.get(line.id)}`}
            {` · ${t('returns.receive.difference')} ${receivedOf(countOf(line)) - line.pieces}`}
          </div>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'center' }}>
            {OUTCOMES.map((outcome) => [
              <span key={`${outcome}-label`}>{t(`returnLines.fields.${outcome}`)}</span>,
              <PiecesInput key={outcome} line={line} outcome={outcome} {...props} />,
            ])}
          </div>
        </List.Item>
      )}
    />
  );
};
