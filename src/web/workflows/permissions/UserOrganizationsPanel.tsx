import { useEffect, useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { RefSelect } from '../../engine/RefSelect';
import { http } from '../../providers/http';

/**
 * The organizations a user manages (an editor sees only these; DESIGN 4), read and replaced
 * through /system/users/{id}/organizations.
 */
const UserOrganizationsPanel = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useQuery({
    queryKey: ['user-organizations', record.id],
    queryFn: () => http.get<{ rows: { id: number }[] }>(`/system/users/${record.id}/organizations`, { silent: true }),
  });
  const [ids, setIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setIds(current.data?.rows.map((r) => r.id) ?? []), [current.data]);

  const save = async () => {
    setSaving(true);
    try {
      await http.post(`/system/users/${record.id}/organizations`, { organizationIds: ids });
      void message.success(t('engine.permissions.saved'));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('engine.permissions.managedOrganizations')}
      style={{ marginTop: 16 }}
      data-testid="user-organizations"
    >
      <Space.Compact style={{ width: '100%', maxWidth: 760 }}>
        <RefSelect
          resource="organizations"
          multiple
          value={ids}
          onChange={(v) => setIds(((v as number[] | undefined) ?? []).map(Number))}
          aria-label={t('engine.permissions.managedOrganizations')}
          data-testid="user-organizations-select"
        />
        <Authorized permission="permissions.users.edit">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
            data-testid="user-organizations-save"
          >
            {t('buttons.save')}
          </Button>
        </Authorized>
      </Space.Compact>
    </Card>
  );
};

export default UserOrganizationsPanel;
