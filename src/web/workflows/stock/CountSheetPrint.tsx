import { useTranslation } from 'react-i18next';
import type { RefLabels } from '../../engine/useRefLabels';
import { countedTotals, lotNames, type Counts, type Lot } from './count-sheet';

/**
 * On paper, only the sheet: every lot in a plain table (light enough for tens of thousands of
 * rows, which antd's would not be), with what was counted so far and the totals of the books.
 */
const PRINT_CSS = `.count-sheet-print { display: none; }
@media print {
  body * { visibility: hidden; }
  .count-sheet-print, .count-sheet-print * { visibility: visible; }
  .count-sheet-print { display: block; position: absolute; left: 0; top: 0; width: 100%; }
  .count-sheet-print table { width: 100%; border-collapse: collapse; font-size: 11px; }
  .count-sheet-print th, .count-sheet-print td { border: 1px solid #999; padding: 2px 4px; }
  .count-sheet-print .num { text-align: right; }
}`;

interface Props {
  lots: Lot[];
  refs: RefLabels;
  counts: Counts;
  totals: { lots: number; pieces: number; pallets: number };
}

export const CountSheetPrint = ({ lots, refs, counts, totals }: Props) => {
  const { t } = useTranslation();
  const counted = countedTotals(counts);
  return (
    <div className="count-sheet-print" data-testid="count-sheet-print">
      <style>{PRINT_CSS}</style>
      <h2>{t('workflows.checkInventory.title')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('lots.fields.skuId')}</th>
            <th>{t('lots.fields.inboundId')}</th>
            <th>{t('lots.fields.inboundDate')}</th>
            <th>{t('lots.fields.daysInWarehouse')}</th>
            <th>{t('lots.fields.pallets')}</th>
            <th>{t('workflows.checkInventory.books')}</th>
            <th>{t('workflows.checkInventory.counted')}</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const names = lotNames(refs, lot);
            return (
              <tr key={lot.id}>
                <td>{names.sku}</td>
                <td>{names.inbound}</td>
                <td>{lot.inboundDate}</td>
                <td className="num">{lot.daysInWarehouse}</td>
                <td className="num">{lot.pallets}</td>
                <td className="num">{lot.pieces}</td>
                <td className="num">{counts[lot.id]?.value ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{t('workflows.checkInventory.totalLots', { total: totals.lots })}</th>
            <th className="num">{totals.pallets}</th>
            <th className="num">{totals.pieces}</th>
            <th className="num">{Object.keys(counts).length ? counted.counted : ''}</th>
          </tr>
        </tfoot>
      </table>
    </div>
  );
};
