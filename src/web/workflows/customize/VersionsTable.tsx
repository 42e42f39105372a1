import { useState } from 'react';
import { Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../domain/format-date';
import { fetchVersions, restoreVersion, VERSIONS_KEY, type Version } from './customizations';
import { ReasonDialog } from './ReasonDialog';
import { useChanged } from './use-customizations';

/** What a version changed, in short: each change's kind and the field it names. */
const summary = (v: Version) =>
  v.changes.map((c) => [c.op, c.name ?? c.version].filter((x) => x !== undefined).join(' ')).join(', ');

/**
 * Every applied customization, newest first, with who, when and why. An earlier one can be
 * returned to (a new version holding its overlay: fields added since are hidden, their data kept).
 */
export const VersionsTable = () => {
  const { t } = useTranslation();
  const changed = useChanged();
  const versions = useQuery({ queryKey: VERSIONS_KEY, queryFn: fetchVersions });
  const [returning, setReturning] = useState<Version>();
  const restore = async (reason: string) => {
    await restoreVersion(returning!.id, reason);
    setReturning(undefined);
    await changed('restored');
  };
  const newest = versions.data?.[0]?.id;
  return (
    <>
      <Table<Version>
        size="small"
        rowKey="id"
        dataSource={versions.data}
        loading={versions.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="customize-versions"
        columns={[
          { key: 'id', title: t('customize.versions.id'), dataIndex: 'id', fixed: 'left' },
          {
            key: 'resource',
            title: t('customize.versions.resource'),
            render: (_, v) => t(`${v.resource}.titles.list`, { defaultValue: v.resource }),
          },
          { key: 'changes', title: t('customize.versions.changes'), render: (_, v) => summary(v) },
          { key: 'reason', title: t('customize.versions.reason'), dataIndex: 'reason' },
          { key: 'createdBy', title: t('customize.versions.createdBy'), dataIndex: 'createdBy' },
          {
            key: 'createdAt',
            title: t('customize.versions.createdAt'),
            render: (_, v) => formatLocalDateTime(v.createdAt),
          },
          {
            key: 'actions',
            title: t('customize.versions.actions'),
            render: (_, v) =>
              v.id !== newest && (
                <Button
                  size="small"
                  onClick={() => setReturning(v)}
                  aria-label={t('customize.versions.returnTo', { id: v.id })}
                  data-testid={`customize-return-${v.id}`}
                >
                  {t('customize.versions.return')}
                </Button>
              ),
          },
        ]}
      />
      <ReasonDialog
        open={!!returning}
        title={t('customize.versions.returnTo', { id: returning?.id })}
        onApply={restore}
        onClose={() => setReturning(undefined)}
      >
        <p>{t('customize.versions.returnHint')}</p>
      </ReasonDialog>
    </>
  );
};
