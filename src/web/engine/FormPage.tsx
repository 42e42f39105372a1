import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Create, Edit } from '@refinedev/antd';
import { useForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isEditable, recordLabel, recordScreenPath, SYSTEM_FIELDS, type ResourceDef } from '../../domain/resource';
import { allPages } from '../providers/all-pages';
import { currentUser } from '../providers/session';
import { lineFields } from './form-schema';
import { RecordMissing } from './RecordMissing';
import { SchemaForm, type FormHandle, type Values } from './SchemaForm';
import { usePageTab } from './use-page-tab';
import { useRecordName } from './use-record-name';
import { OnceValueDialog } from './OnceValueDialog';
import { TitleWithBack } from '../layout/TitleWithBack';
import { viewTitle } from '../layout/tags/tags-store';
import { changedElsewhere, useStaleReload } from './useStaleReload';
import { ChangedElsewhere } from './ChangedElsewhere';
import { actorName } from './actor-name';
import './engine.css';

/**
 * Record -> form data: the schema's fields only (no system fields, nor rows an answer embeds), no
 * nulls (RJSF would read null as a wrong type).
 */
export const toFormData = (record: BaseRecord | undefined, def: ResourceDef): Values | undefined =>
  record &&
  Object.fromEntries(
    Object.entries(record).filter(
      ([k, v]) => v !== null && k in def.schema.properties && !(SYSTEM_FIELDS as readonly string[]).includes(k),
    ),
  );

/** A save names what it saved, as a workflow action does ("IN20261201-0002 confirmed"), not "Successful". */
export const savedNotice =
  ({ t, i18n }: Pick<ReturnType<typeof useTranslation>, 't' | 'i18n'>, def: ResourceDef, action: 'create' | 'edit') =>
  (data?: { data?: BaseRecord }) => ({
    type: 'success' as const,
    message: t(`engine.saved.${action}`, {
      name: recordLabel(def, data?.data ?? {}, i18n.language) || t(`${def.name}.titles.show`),
    }),
  });

/**
 * A customer's new record belongs to their organization (the server defaults it the same way), so
 * the form starts with it chosen instead of asking them to pick the one organization they have.
 */
const ownOrganization = (def: ResourceDef): Values | undefined => {
  const own = currentUser()?.organizationId;
  const field = def.tenant && def.tenant !== 'id' ? def.schema.properties[def.tenant] : undefined;
  return own && field && !field.readOnly ? { [def.tenant!]: Number(own) } : undefined;
};

/**
 * A record whose state allows no edit (a done inbound, an issued bill) opens its detail instead of
 * a form whose save would be refused; the edit tab closes. Decided on the record the form opened
 * with: one that moves on while its form is open keeps the form, whose save then answers 40901.
 */
const useLockedRecord = (def: ResourceDef, record: BaseRecord | undefined, closeTab: () => void) => {
  const navigate = useNavigate();
  const [locked, setLocked] = useState<boolean>();
  const decided = locked !== undefined;
  useEffect(() => {
    if (decided || !record) return;
    const editable = isEditable(def, record);
    setLocked(!editable);
    if (editable) return;
    navigate(recordScreenPath(def, 'show', record.id!), { replace: true });
    closeTab();
  }, [decided, record, def, navigate, closeTab]);
  // The first render with the record already shows no form.
  return locked ?? (record !== undefined && !isEditable(def, record));
};

/**
 * The one create / edit screen for every resource: an RJSF form from the resource's schema.
 * Editing sends the record's `version`; a stale one is answered 409 and the user may reload.
 */
const FormPage = ({ def, action }: { def: ResourceDef; action: 'create' | 'edit' }) => {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const tab = usePageTab(def);
  const formRef = useRef<FormHandle>(null);
  // Bumped to start the form over from a reloaded record.
  const [generation, setGeneration] = useState(0);
  // The version the user's changes start from. A kept-alive form may sit in its tab while the
  // record is saved elsewhere and read again; saving must then be refused (409), not overwrite.
  const editedFrom = useRef<number>(undefined);
  const onStale = useStaleReload();
  // A value the create answers once (an API key) is shown before the tab closes: no redirect then.
  const showsOnce = action === 'create' && def.onceOnCreate !== undefined;
  const [once, setOnce] = useState<string>();
  // Who changed the record since the form opened (a live event), until the user reloads or dismisses it.
  const [changedBy, setChangedBy] = useState<string>();
  const saving = useRef(false);
  const { onFinish, query, formLoading } = useForm<BaseRecord, HttpError, Values>({
    resource: def.name,
    action,
    id: action === 'edit' ? id : undefined,
    redirect: showsOnce ? false : 'list',
    successNotification: savedNotice({ t, i18n }, def, action),
    // The record under a form is not read again on others' changes, which would move the version
    // the user's changes start from: the form says who changed it and offers to reload instead.
    liveMode: 'manual',
    onLiveEvent: (event) => {
      if (saving.current || action !== 'edit') return;
      const by = changedElsewhere(event, id);
      if (by !== undefined) setChangedBy(actorName(t, { userName: by?.name, apiKeyName: by?.apiKey?.name }));
    },
  });
  const record = query?.data?.data;
  const name = useRecordName(def, action === 'edit' ? record : undefined);
  const locked = useLockedRecord(def, action === 'edit' ? record : undefined, tab.close);
  // Lines (x-lines) are not part of the record's own reply: they come from the relation they name.
  const linesOf = lineFields(def);
  const lines = useQuery({
    queryKey: ['form-lines', def.name, id, record?.version],
    enabled: action === 'edit' && linesOf.length > 0 && Boolean(record),
    queryFn: async () => {
      const entries = await Promise.all(
        linesOf.map(async ([field, s]) => {
          // Every line: the form saves its lines whole, so a line left unread would be deleted.
          const { rows } = await allPages<Values>(`${def.api}/${id}/${s['x-lines']}`, { sort: 'id' }, { silent: true });
          const keep = Object.keys(s.items?.properties ?? {});
          return [
            field,
            rows.map((row) => Object.fromEntries(keep.filter((k) => row[k] !== null).map((k) => [k, row[k]]))),
          ] as const;
        }),
      );
      return Object.fromEntries(entries);
    },
  });

  const reload = async () => {
    setChangedBy(undefined);
    await query?.refetch();
    editedFrom.current = undefined;
    tab.markDirty(false);
    setGeneration((g) => g + 1);
  };

  const save = async (data: Values) => {
    saving.current = true;
    try {
      const saved = await onFinish(
        action === 'edit' ? { ...data, version: editedFrom.current ?? record?.version } : data,
      );
      const value = showsOnce ? saved?.data?.[def.onceOnCreate!] : undefined;
      if (typeof value === 'string') return setOnce(value);
      // Saved: the form's tab is done with (a kept create form would offer the same record again).
      tab.close();
    } catch (err) {
      onStale(err, reload);
      throw err;
    } finally {
      saving.current = false;
    }
  };

  const onEdit = (field: string | undefined) => {
    editedFrom.current ??= record?.version as number | undefined;
    if (field) tab.markDirty(true);
  };

  const waiting = action === 'edit' && (!record || (linesOf.length > 0 && !lines.data));
  const initial = record
    ? { ...toFormData(record, def), ...lines.data }
    : action === 'create'
      ? ownOrganization(def)
      : undefined;
  const form = waiting ? null : (
    <SchemaForm
      key={generation}
      def={def}
      initial={initial}
      onSubmit={save}
      formRef={formRef}
      onEdit={onEdit}
      editing={action === 'edit'}
    />
  );
  const saveButtonProps = {
    loading: formLoading,
    onClick: () => formRef.current?.submit(),
    children: t('buttons.save'),
    'data-testid': 'save-button',
  };
  // Save and Cancel stay in view at the bottom of the screen however long the form (engine.css).
  const footerButtons = ({ defaultButtons }: { defaultButtons: ReactNode }) => (
    <Space>
      <Button onClick={tab.closeToList} data-testid="cancel-button">
        {t('buttons.cancel')}
      </Button>
      {defaultButtons}
    </Space>
  );
  if (query?.isError) return <RecordMissing error={query.error} onBack={tab.closeToList} />;
  if (locked) return null;
  return action === 'create' ? (
    <div className="engine-form">
      <Create
        resource={def.name}
        title={<TitleWithBack>{t(`${def.name}.titles.create`)}</TitleWithBack>}
        goBack={false}
        saveButtonProps={saveButtonProps}
        footerButtons={footerButtons}
      >
        {form}
        {once !== undefined && <OnceValueDialog def={def} value={once} onClose={tab.closeToList} />}
      </Create>
    </div>
  ) : (
    <div className="engine-form">
      <Edit
        resource={def.name}
        recordItemId={id}
        title={<TitleWithBack testId="page-title">{viewTitle(t, `${def.name}.titles.edit`, name)}</TitleWithBack>}
        goBack={false}
        saveButtonProps={saveButtonProps}
        footerButtons={footerButtons}
        canDelete={def.actions.includes('delete')}
        deleteButtonProps={tab.deleteButtonProps}
        isLoading={query?.isLoading}
      >
        {changedBy !== undefined && (
          <ChangedElsewhere by={changedBy} onReload={() => void reload()} onClose={() => setChangedBy(undefined)} />
        )}
        {form}
      </Edit>
    </div>
  );
};

export default FormPage;
