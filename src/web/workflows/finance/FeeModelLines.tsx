import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeeLine } from '../../../domain/finance/fee-model-rules';
import type { DetailExtensionProps } from '../../engine/detail-extensions';

interface BandRow {
  key: string;
  line: FeeLine;
  index: number;
  /** Rows of the line: the first band's row spans them, the others are merged into it. */
  span: number;
  band: FeeLine['segments'][number];
}

/**
 * A fee model's lines on its detail page, one row per price band under its line's fee type, sub
 * type, unit and band kind, as the form shows them: the bands read as a table, not as text.
 */
const FeeModelLines = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const lines = (Array.isArray(record.lines) ? record.lines : []) as FeeLine[];
  const rows: BandRow[] = lines.flatMap((line, index) =>
    line.segments.map((band, b) => ({ key: `${index}-${b}`, line, index, span: b ? 0 : line.segments.length, band })),
  );
  const field = (name: string) => t(`${def.name}.fields.${name}`);
  const lineCell = (render: (row: BandRow) => string) => ({
    render: (_: unknown, row: BandRow) => render(row),
    onCell: (row: BandRow) => ({ rowSpan: row.span }),
  });
  return (
    <Card size="small" style={{ marginTop: 16 }} title={field('lines')}>
      <Table<BandRow>
        size="small"
        bordered
        pagination={false}
        dataSource={rows}
        data-testid="fee-model-lines"
        // Wider than a phone: the bands scroll in the card beside their line's number and fee type.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '#', width: 48, fixed: 'left', ...lineCell((row) => String(row.index + 1)) },
          { title: field('feeType'), fixed: 'left', ...lineCell((row) => t(`enums.feeType.${row.line.feeType}`)) },
          { title: field('subType'), ...lineCell((row) => t(`enums.subFeeType.${row.line.subType}`)) },
          { title: field('unit'), ...lineCell((row) => t(`enums.feeUnit.${row.line.unit}`)) },
          { title: field('segmentType'), ...lineCell((row) => t(`enums.segmentType.${row.line.segmentType}`)) },
          { title: field('from'), align: 'right', render: (_, row) => row.band.from },
          { title: field('to'), align: 'right', render: (_, row) => row.band.to ?? '' },
          {
            title: `${field('unitPrice')} (${t(`enums.currency.${record.currency}`)})`,
            align: 'right',
            render: (_, row) => String(row.band.unitPrice),
          },
        ]}
      />
    </Card>
  );
};

export default FeeModelLines;
