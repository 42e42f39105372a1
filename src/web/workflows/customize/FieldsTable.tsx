import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddValueDialog } from './AddValueDialog';
import { labelOf } from './labels';
import type { FieldRow } from './field-rows';
import { useConfirmedChange } from './use-confirmed-change';

interface Props {
  resource: string;
  rows: FieldRow[];
  loading: boolean;
}

/**
 * A resource's fields, shipped then added: type, label in the interface language, required, where
 * it comes from and whether it is removed. An added field can be removed (hidden, its data kept)
 * and restored, an added value list given another value; each through its preview and a reason.
 */
export const FieldsTable = ({ resource, rows, loading }: Props) => {
  const { t, i18n } = useTranslation();
  const { start, isStarting, dialog } = useConfirmedChange();
  const [extending, setExtending] = useState<FieldRow>();
  const label = (r: FieldRow) => labelOf(t, `${resource}.fields.${r.name}`, r.labels, i18n.language, r.name);
  const action = (r: FieldRow) => {
    const op = r.removed ? 'restoreField' : 'removeField';
    const request = { resource, changes: [{ op, name: r.name } as const] };
    const title = t(`customize.fields.${op}Title`, { name: label(r) });
    return (
      <Button
        size="small"
        danger={!r.removed}
        loading={isStarting(request)}
        onClick={() => start(title, request)}
        aria-label={title}
        data-testid={`customize-${op}-${r.name}`}
      >
        {t(`customize.fields.${op}`)}
      </Button>
    );
  };
  return (
    <>
      <Table<FieldRow>
        size="small"
        rowKey="name"
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="customize-fields"
        columns={[
          { key: 'name', title: t('customize.fields.name'), dataIndex: 'name', fixed: 'left' },
          { key: 'label', title: t('customize.fields.label'), render: (_, r) => label(r) },
          { key: 'type', title: t('customize.fields.type'), render: (_, r) => t(`customize.types.${r.kind}`) },
          {
            key: 'required',
            title: t('customize.fields.required'),
            render: (_, r) => t(r.required ? 'common.yes' : 'common.no'),
          },
          {
            key: 'origin',
            title: t('customize.fields.origin'),
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={r.added ? 'blue' : undefined}>{t(`customize.fields.${r.added ? 'added' : 'shipped'}`)}</Tag>
                {r.removed && <Tag color="default">{t('customize.fields.removed')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('customize.fields.actions'),
            render: (_, r) =>
              r.added && (
                <Space size={4} wrap>
                  {action(r)}
                  {r.kind === 'enum' && !r.removed && (
                    <Button size="small" onClick={() => setExtending(r)} data-testid={`customize-addValue-${r.name}`}>
                      {t('customize.fields.addValue')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {dialog}
      {extending && (
        <AddValueDialog
          open
          onClose={() => setExtending(undefined)}
          resource={resource}
          field={extending.name}
          title={label(extending)}
        />
      )}
    </>
  );
};
