import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { recordScreenPath } from '../../../domain/resource';
import { usePageNavigate } from '../../layout/tags/use-page-navigate';
import { useServerPages } from './use-server-pages';
import { preciseAmountColumn, type AccrualPlace } from './accruals';
import { useLineExpenses, type LineExpense } from './line-expenses';

/** The document an expense charged, as its screen's path: an inbound, an outbound or a delivery. */
const documentPath = (expense: LineExpense) => {
  const [resource, id] = expense.inboundId
    ? ['inbounds', expense.inboundId]
    : expense.outboundId
      ? ['outbounds', expense.outboundId]
      : expense.deliveryId
        ? ['deliveries', expense.deliveryId]
        : [undefined, undefined];
  const def = resource ? resourceByName(resource) : undefined;
  return def && id ? recordScreenPath(def, 'show', String(id)) : undefined;
};

/**
 * What a charge other than storage is made of (issue 43's drill-down): the open expenses of its
 * kind, each linked to the document that caused it, for the cargo owner as for staff.
 */
export const LineExpensesTable = ({ place, subType }: { place: AccrualPlace; subType: number }) => {
  const { t } = useTranslation();
  const go = usePageNavigate();
  const { page, tableOf } = useServerPages();
  const answer = useLineExpenses(place, subType, page);
  return (
    <Table<LineExpense>
      {...tableOf(answer)}
      data-testid="accrual-expenses"
      rowKey="id"
      columns={[
        { key: 'expenseDate', title: t('expenses.fields.expenseDate'), dataIndex: 'expenseDate', fixed: 'left' },
        {
          key: 'document',
          title: t('expenses.fields.documentNo'),
          render: (_, expense) => {
            const path = documentPath(expense);
            const text = expense.documentNo ?? '-';
            return path ? (
              <a href={path} onClick={go(path)} data-testid="accrual-expense-document">
                {text}
              </a>
            ) : (
              text
            );
          },
        },
        { key: 'quantity', title: t('expenses.fields.quantity'), dataIndex: 'quantity', align: 'right' },
        {
          key: 'unit',
          title: t('expenses.fields.unit'),
          render: (_, expense) => (expense.unit ? t(`enums.feeUnit.${expense.unit}`) : ''),
        },
        preciseAmountColumn(t, 'unitPrice', t('expenses.fields.unitPrice')),
        preciseAmountColumn(t, 'amount', t('expenses.fields.amount')),
        {
          key: 'toDate',
          title: t('accruals.toDate'),
          render: (_, expense) => (expense.toDate ? t('accruals.expenseSoFar') : t('accruals.expenseLater')),
        },
      ]}
    />
  );
};
