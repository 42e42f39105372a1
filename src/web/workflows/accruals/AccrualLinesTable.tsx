import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../domain/format-number';
import { FeeType } from '../../../domain/finance/codes';
import { amountsOf, currencyLabel, type AccrualLine, type Accruals } from './accruals';
import { feeTypeLabel, subTypeLabel } from './line-labels';
import { LotDaysTable } from './LotDaysTable';
import { LineExpensesTable } from './LineExpensesTable';

/**
 * A month's charges by fee, to date and forecast, with the totals of each currency under them.
 * Each traces to what makes it: storage opens its lot-days, a charge of an event its open
 * expenses, each linked to its document.
 */
export const AccrualLinesTable = ({ accruals, loading }: { accruals?: Accruals; loading: boolean }) => {
  const { t } = useTranslation();
  const amount = (value: number, line: AccrualLine) => formatAmount(value, currencyLabel(t, line.currency));
  const forecasts = accruals ? amountsOf(accruals.forecast) : [];
  return (
    <Table<AccrualLine>
      size="small"
      data-testid="accrual-lines"
      loading={loading}
      rowKey={(line) => `${line.currency}/${line.feeType}/${line.subType}`}
      dataSource={accruals?.lines ?? []}
      pagination={false}
      expandable={
        accruals && {
          // Storage opens its lot-days, any other charge with a kind its expenses; the minimum charge is its own reason.
          rowExpandable: (line) => line.feeType === FeeType.storage || line.subType !== null,
          expandedRowRender: (line) =>
            line.feeType === FeeType.storage ? (
              <LotDaysTable place={accruals} />
            ) : (
              <LineExpensesTable place={accruals} subType={line.subType!} />
            ),
        }
      }
      // Wider than a phone: the amounts scroll in the card beside their fee.
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'feeType',
          title: t('billLines.fields.feeType'),
          fixed: 'left',
          render: (_, line) => feeTypeLabel(t, line),
        },
        { key: 'subType', title: t('billLines.fields.subType'), render: (_, line) => subTypeLabel(t, line) },
        {
          key: 'toDate',
          title: t('accruals.toDate'),
          align: 'right',
          render: (_, line) => amount(line.toDate, line),
        },
        {
          key: 'forecast',
          title: t('accruals.forecast'),
          align: 'right',
          render: (_, line) => amount(line.forecast, line),
        },
      ]}
      summary={() =>
        accruals?.lines.length
          ? amountsOf(accruals.toDate).map((toDate) => {
              const label = currencyLabel(t, toDate.currency);
              const forecast = forecasts.find((f) => f.currency === toDate.currency)?.total ?? 0;
              return (
                <Table.Summary.Row key={String(toDate.currency)} data-testid="accrual-total">
                  {/* Under the expand column too. */}
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <strong>{t('accruals.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <strong>{formatAmount(toDate.total, label)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <strong>{formatAmount(forecast, label)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              );
            })
          : null
      }
    />
  );
};
