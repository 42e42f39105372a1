import { Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { OrderStatus } from '../../../domain/order-flow';
import { recordScreenPath } from '../../../domain/resource';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { usePageNavigate } from '../../layout/tags/use-page-navigate';
import { http } from '../../providers/http';

type Row = { id: number } & Record<string, unknown>;

const first = (path: string, query: Record<string, unknown>) =>
  http.get<{ rows: Row[] }>(path, { query: { ...query, pageSize: 1 }, silent: true }).then((r) => r.rows[0] ?? null);

/**
 * What an order is tied to beyond its fields and relation tabs (its outbound is a field, its
 * delivery a tab): the bill its outbound's charges went onto, a link whose page links back to the
 * order. Its timeline, its delivery's steps merged in, is the engine's tab.
 */
const OrderPanel = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const go = usePageNavigate();
  const bills = resourceByName('bills')!;
  const shipped = (record.status as number) >= OrderStatus.shipped;
  // The outbound's charges name their bill once one holds them (a customer without the expense list sees none).
  const bill = useQuery({
    queryKey: ['orders', 'bill', record.id, record.outboundId, record.version],
    enabled: shipped && !!record.outboundId,
    queryFn: async () => {
      const expense = await first(resourceByName('expenses')!.api, { outboundId: record.outboundId, billId_gte: 1 });
      return expense?.billId ? http.get<Row>(`${bills.api}/${expense.billId}`, { silent: true }) : null;
    },
  });
  const billPath = bill.data ? recordScreenPath(bills, 'show', bill.data.id) : undefined;
  return (
    bill.data &&
    billPath && (
      <Card size="small" style={{ marginTop: 16 }} title={t('mall.linked')} data-testid="order-links">
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('bills.titles.list')}>
            <a href={billPath} onClick={go(billPath)} data-testid="order-open-bill">
              {String(bill.data.billNo)}
            </a>
          </Descriptions.Item>
        </Descriptions>
      </Card>
    )
  );
};

export default OrderPanel;
