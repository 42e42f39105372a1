import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Show } from '@refinedev/antd';
import { useShow, type BaseRecord } from '@refinedev/core';
import { Card, Descriptions, Spin, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { hasEngineTimeline, isEditable, type FieldSchema, type ResourceDef } from '../../domain/resource';
import { ChangesTable } from './ChangesTable';
import { useExtensions } from './detail-extensions';
import { EnumTag } from './EnumTag';
import { detailFields, fieldLabel, formatValue, SYSTEM_DETAIL } from './fields';
import { RecordLink, RefLink } from './RecordLink';
import { RecordMissing } from './RecordMissing';
import { RecordTimeline } from './RecordTimeline';
import { SignedImage } from './SignedImage';
import { SubList } from './SubList';
import { displayText, useRefLabels, type RefLabels } from './useRefLabels';
import { usePageTab } from './use-page-tab';
import { useWithheldFields } from './use-withheld-fields';
import { useRecordName } from './use-record-name';
import { TitleWithBack } from '../layout/TitleWithBack';
import { viewTitle } from '../layout/tags/tags-store';
import { useRelations } from './useRelations';
import { FileLink } from './widgets/UploadWidget';
import { useWorkflowGrants } from './workflow/use-workflow-grants';
import { StatusSteps } from './workflow/StatusSteps';
import { useWorkflowRunner } from './workflow/use-workflow-runner';
import { workflowButtons } from './workflow/WorkflowButtons';
import './engine.css';

/** Not a relation key: relations are named after child resources, none of them this. */
const TIMELINE_TAB = 'timeline';

const rowValue = (field: string, schema: FieldSchema, record: BaseRecord, refs: RefLabels, t: TFunction) => {
  const value = record[field];
  if (schema['x-refBy']) return <RecordLink field={field} schema={schema} record={record} refs={refs} />;
  if (schema['x-ref'] && schema.type !== 'array')
    return <RefLink schema={schema} value={value} text={displayText(field, schema, record, refs, t)} />;
  if (value && schema['x-widget'] === 'image') return <SignedImage src={String(value)} width={50} />;
  if (value && schema['x-widget'] === 'file')
    return <FileLink path={String(value)} name={record[schema['x-fileName'] ?? ''] as string | undefined} />;
  return displayText(field, schema, record, refs, t);
};

/**
 * The one detail screen for every resource: the schema's fields and created/updated times, any
 * panel registered for the resource, then its related lists as tabs, and a workflow record's
 * timeline as the last of them. A resource with a state machine shows its record's state as a tag
 * by the title, its step bar above the fields and the actions its state allows in the header.
 */
const ShowPage = ({ def }: { def: ResourceDef }) => {
  const { t } = useTranslation();
  const { id } = useParams();
  const tab = usePageTab(def);
  const { query } = useShow<BaseRecord>({ resource: def.name, id });
  const record = query.data?.data;
  const refs = useRefLabels(def, record ? [record] : []);
  const name = useRecordName(def, record);
  const relations = useRelations(def);
  const Extension = useExtensions().detail[def.name];
  const machine = def.workflow?.machine;
  const granted = useWorkflowGrants(def);
  const runner = useWorkflowRunner(def);
  const withheld = useWithheldFields(def);
  // Snapshots of one record (before, after) share one table of changes, where the first of them stands.
  const shownChanges = new Set<string>();
  const changesSeen = (schema: FieldSchema) => {
    const of = schema['x-changesOf'];
    if (!of) return false;
    if (shownChanges.has(of)) return true;
    shownChanges.add(of);
    return false;
  };
  const items = record
    ? [
        ...detailFields(def)
          .filter(([field, schema]) => !withheld.has(field) && !changesSeen(schema))
          .map(([field, schema]) => {
            const of = schema['x-changesOf'];
            return of
              ? {
                  key: field,
                  label: t('audit.changes'),
                  children: <ChangesTable def={def} of={of} record={record} />,
                  span: 'filled' as const,
                }
              : {
                  key: field,
                  label: fieldLabel(def, field, t),
                  children: rowValue(field, schema, record, refs, t),
                  span: schema['x-multiline'] ? ('filled' as const) : 1,
                };
          }),
        ...SYSTEM_DETAIL.map(([field, schema]) => ({
          key: field,
          label: t(`common.${field}`),
          children: formatValue(schema, record[field], t),
        })),
      ]
    : [];
  // A workflow record's state beside the title, tagged as in its list (a machine of actions alone, a shipment's, has none).
  const value = machine && record?.[machine.field];
  const state = machine?.states.some((s) => s.value === value) && (
    <EnumTag
      def={def}
      field={machine.field}
      value={value}
      text={formatValue(def.schema.properties[machine.field], value, t)}
      testId="workflow-state"
    />
  );
  if (query.isError) return <RecordMissing error={query.error} onBack={tab.closeToList} />;
  return (
    <Show
      resource={def.name}
      recordItemId={id}
      title={<TitleWithBack testId="page-title">{viewTitle(t, `${def.name}.titles.show`, name)}</TitleWithBack>}
      goBack={false}
      headerProps={state ? { tags: state } : undefined}
      headerButtons={({ defaultButtons }) => (
        <>
          {machine &&
            record &&
            workflowButtons(def, record, granted, (action) => runner.start(action, record, name), t)}
          {defaultButtons}
        </>
      )}
      isLoading={query.isLoading}
      canEdit={!!record && isEditable(def, record)}
      canDelete={def.actions.includes('delete')}
      deleteButtonProps={tab.deleteButtonProps}
    >
      {machine && record && <StatusSteps def={def} record={record} />}
      <Descriptions
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        size="middle"
        items={items}
        data-testid={`${def.name}-detail`}
      />
      {Extension && record && (
        <Suspense fallback={<Spin />}>
          <Extension def={def} record={record} />
        </Suspense>
      )}
      {record && (relations.length > 0 || hasEngineTimeline(def)) && (
        <Card size="small" style={{ marginTop: 16 }}>
          <Tabs
            data-testid="relation-tabs"
            items={[
              ...relations.map(({ key, relation, child }) => ({
                key,
                label: t(`${def.name}.relations.${key}`, { defaultValue: t(`${child.name}.titles.list`) }),
                children: (
                  <SubList
                    parent={def}
                    parentId={record.id!}
                    parentRecord={record}
                    relationKey={key}
                    relation={relation}
                    child={child}
                  />
                ),
              })),
              ...(hasEngineTimeline(def)
                ? [
                    {
                      key: TIMELINE_TAB,
                      label: t('engine.timeline.title'),
                      children: <RecordTimeline def={def} record={record} />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
      {runner.dialog}
    </Show>
  );
};

export default ShowPage;
