import { Button, Card, Descriptions } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceByName } from '../../../../resources';
import { OrderStatus } from '../../../domain/order-flow';
import { buttonPermission, recordScreenPath } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { OrderTimeline } from './OrderTimeline';

type Row = { id: number } & Record<string, unknown>;

const first = (path: string, query: Record<string, unknown>) =>
  http.get<{ rows: Row[] }>(path, { query: { ...query, pageSize: 1 }, silent: true }).then((r) => r.rows[0] ?? null);

/** A linked record, opening its detail page. */
const Linked = ({ resource, id, text, testId }: { resource: string; id: number; text: string; testId: string }) => {
  const navigate = useNavigate();
  const path = recordScreenPath(resourceByName(resource)!, 'show', id);
  return (
    <a
      href={path}
      onClick={(e) => {
        e.preventDefault();
        navigate(path);
      }}
      data-testid={testId}
    >
      {text}
    </a>
  );
};

/**
 * What an order is tied to beyond its fields (its outbound is one of them): the delivery made once
 * it shipped, or the button that makes it, and the bill its outbound's charges went onto, each a
 * link whose page links back to the order; then the order's timeline, its deliveries' steps merged in.
 */
const OrderPanel = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deliveries = resourceByName('deliveries')!;
  const status = record.status as number;
  const shipped = status >= OrderStatus.shipped;
  const delivery = useQuery({
    queryKey: ['orders', 'delivery', record.id, record.version],
    enabled: shipped,
    queryFn: () => first(deliveries.api, { orderId: record.id }),
  });
  // The outbound's charges name their bill once one holds them (a customer without the expense list sees none).
  const bill = useQuery({
    queryKey: ['orders', 'bill', record.id, record.outboundId, record.version],
    enabled: shipped && !!record.outboundId,
    queryFn: async () => {
      const expense = await first(resourceByName('expenses')!.api, { outboundId: record.outboundId, billId_gte: 1 });
      return expense?.billId
        ? http.get<Row>(`${resourceByName('bills')!.api}/${expense.billId}`, { silent: true })
        : null;
    },
  });
  const createDelivery = async () => {
    const created = await http.post<{ id: number }>(deliveries.api, { orderId: record.id });
    await queryClient.invalidateQueries();
    navigate(recordScreenPath(deliveries, 'show', created.id));
  };
  return (
    <>
      {shipped && (
        <Card size="small" style={{ marginTop: 16 }} title={t('mall.linked')} data-testid="order-links">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('deliveries.titles.list')}>
              {delivery.data ? (
                <Linked
                  resource="deliveries"
                  id={delivery.data.id}
                  text={t('mall.openDelivery')}
                  testId="order-open-delivery"
                />
              ) : (
                delivery.data === null && (
                  <Authorized permission={buttonPermission(deliveries, 'create')}>
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => void createDelivery().catch(() => undefined)}
                      data-testid="order-create-delivery"
                    >
                      {t('mall.createDelivery')}
                    </Button>
                  </Authorized>
                )
              )}
            </Descriptions.Item>
            {bill.data && (
              <Descriptions.Item label={t('bills.titles.list')}>
                <Linked resource="bills" id={bill.data.id} text={String(bill.data.billNo)} testId="order-open-bill" />
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      )}
      <OrderTimeline orderId={record.id as number} version={record.version} />
    </>
  );
};

export default OrderPanel;
