import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiKeyStatus } from '../../../domain/api-key';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { useBusy } from '../../engine/use-busy';
import { http } from '../../providers/http';

/**
 * Revoking an active API key, behind a confirmation: `DELETE` on the key, after which the server
 * refuses it on every instance. Beside a key's row and on its detail page.
 */
const RevokeKey = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy();
  if (record.status !== ApiKeyStatus.active) return null;
  const revoke = () =>
    run(async () => {
      await http.delete(`${def.api}/${record.id}`);
      void message.success(t('apiKeys.revoked'));
      await queryClient.invalidateQueries();
    });
  return (
    <Authorized permission={buttonPermission(def, 'revoke')}>
      <Popconfirm
        title={t('apiKeys.revokeConfirm')}
        okText={t('apiKeys.actions.revoke')}
        cancelText={t('buttons.cancel')}
        okType="danger"
        onConfirm={() => revoke().catch(() => undefined)}
      >
        <Button size="small" danger icon={<StopOutlined />} loading={busy} data-testid="revoke-key">
          {t('apiKeys.actions.revoke')}
        </Button>
      </Popconfirm>
    </Authorized>
  );
};

export default RevokeKey;
