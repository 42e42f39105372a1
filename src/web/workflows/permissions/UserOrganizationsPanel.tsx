import { useEffect, useState } from 'react';
import { Card, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { RefSelect } from '../../engine/RefSelect';
import { http } from '../../providers/http';
import { SaveButton } from './SaveButton';

/**
 * The organizations a user manages (an editor sees only these; DESIGN 4), read and replaced
 * through /system/users/{id}/organizations.
 */
const UserOrganizationsPanel = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: ['user-organizations', record.id],
    queryFn: () => http.get<{ rows: { id: number }[] }>(`/system/users/${record.id}/organizations`, { silent: true }),
  });
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => setIds(current.data?.rows.map((r) => r.id) ?? []), [current.data]);

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
        <SaveButton
          permission="permissions.users.edit"
          send={() => http.post(`/system/users/${record.id}/organizations`, { organizationIds: ids })}
          testId="user-organizations-save"
        />
      </Space.Compact>
    </Card>
  );
};

export default UserOrganizationsPanel;
