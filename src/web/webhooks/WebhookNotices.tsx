import { Alert, Flex } from 'antd';
import { useCan, useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../resources';
import { formatLocalDateTime } from '../../domain/format-date';
import { recordScreenPath } from '../../domain/resource';

interface Switched {
  id: number;
  url: string;
  disabledReason: number;
  disabledAt: string;
}

/**
 * The webhook endpoints the dispatcher switched off (a 410, or three days of failing), on the
 * dashboard of everyone who may see them: an organization's users hear of it, never silently.
 */
export function WebhookNotices() {
  const { t } = useTranslation();
  const can = useCan({ resource: 'webhooks', action: 'list' });
  const { result } = useList<Switched>({
    resource: 'webhooks',
    filters: [{ field: 'enabled', operator: 'eq', value: false }],
    pagination: { currentPage: 1, pageSize: 20 },
    meta: { silent: true },
    queryOptions: { enabled: can.data?.can === true },
  });
  const switched = (result?.data ?? []).filter((w) => w.disabledReason);
  if (!switched.length) return null;
  const webhooks = resourceByName('webhooks')!;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="webhook-notices">
      {switched.map((w) => (
        <Alert
          key={w.id}
          type="warning"
          showIcon
          message={<Link to={recordScreenPath(webhooks, 'show', w.id)}>{t('webhooks.notice.title')}</Link>}
          description={t(`webhooks.notice.${w.disabledReason === 1 ? 'gone' : 'failing'}`, {
            url: w.url,
            at: formatLocalDateTime(w.disabledAt),
          })}
        />
      ))}
    </Flex>
  );
}
