import type { BaseRecord } from '@refinedev/core';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { changedFields, snapshotFields } from './changes';
import { fieldLabel } from './fields';
import { rowResource, snapshotSides } from './row-resource';
import { useRefLabels, type RefLabels } from './useRefLabels';

interface Props {
  /** The resource of the row holding the snapshots (the audit trail). */
  def: ResourceDef;
  /** The field naming the snapshots' resource (x-changesOf). */
  of: string;
  record: BaseRecord;
}

const Rows = ({ def, of, record, entity, refs }: Props & { entity?: ResourceDef; refs: RefLabels }) => {
  const { t } = useTranslation();
  const sides = snapshotSides(def, of);
  const rows = changedFields(
    entity,
    sides.map(([f]) => record[f]),
    t,
    (field, value) => refs[field]?.get(String(value)),
  );
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={rows}
      data-testid="changes-table"
      columns={[
        { key: 'field', title: t('audit.field'), dataIndex: 'label', width: '25%' },
        ...sides.map(([f], i) => ({
          key: f,
          title: fieldLabel(def, f, t),
          render: (_: unknown, row: (typeof rows)[number]) => row.values[i],
        })),
      ]}
    />
  );
};

/** Lookups in the snapshots (a warehouse, a customer) by name: the hooks of the record's own resource. */
const WithRefs = (props: Props & { entity: ResourceDef }) => {
  const sides = snapshotSides(props.def, props.of);
  const snapshots = sides.map(([f]) => snapshotFields(props.record[f])).filter((s): s is BaseRecord => !!s);
  const refs = useRefLabels(props.entity, snapshots);
  return <Rows {...props} refs={refs} />;
};

/**
 * The fields an audit row changed, one line each with its label and its value before and after as
 * the record's own screens show them (enum labels, names of lookups), instead of two JSON texts.
 */
export const ChangesTable = (props: Props) => {
  const entity = rowResource(props.record, props.of);
  // Keyed by resource: the lookups' hooks are the resource's own.
  return entity ? <WithRefs key={entity.name} {...props} entity={entity} /> : <Rows {...props} refs={{}} />;
};
