import { Card, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { actionNamed } from '../../../domain/workflow';
import { mallApi, type TimelineRow } from './mall-api';
import { actorName } from '../../engine/actor-name';

/** The order's life from the audit rows (the order's and its delivery's): who, when, from, to. */
export const OrderTimeline = ({ orderId, version }: { orderId: number; version: unknown }) => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['orders', 'timeline', orderId, version],
    queryFn: () => mallApi.timeline(orderId),
  });
  const label = (entity: string, status: number | null) =>
    status === null ? '' : t(`enums.${entity === 'orders' ? 'orderStatus' : 'deliveryStatus'}.${status}`);
  // A delivery's row written while its sign was called complete is its signing, not the order's completion.
  const step = (row: TimelineRow) => actionNamed(resourceByName(row.entity)?.workflow?.machine, row.action);
  const change = (row: TimelineRow) =>
    `${row.from !== null ? `${label(row.entity, row.from)} → ` : ''}${label(row.entity, row.to)}`;
  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('mall.timeline')} data-testid="order-timeline">
      <Timeline
        items={(data?.rows ?? []).map((row) => ({
          key: row.id,
          color: row.to === 1 || row.to === 2 ? 'red' : row.to === 21 || row.to === 18 ? 'green' : 'blue',
          children: (
            <div data-testid="timeline-item">
              <Typography.Text strong>
                {row.entity === 'deliveries' ? t('mall.deliveryState', { state: change(row) }) : change(row)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {dayjs(row.at).format('YYYY-MM-DD HH:mm')} · {t(`orders.steps.${step(row)}`)}
                {actorName(t, row) ? ` · ${t('mall.by', { name: actorName(t, row) })}` : ''}
              </Typography.Text>
              {row.reason && <div>{row.reason}</div>}
            </div>
          ),
        }))}
      />
    </Card>
  );
};
