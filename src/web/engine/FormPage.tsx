import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Create, Edit } from '@refinedev/antd';
import { useForm, type BaseRecord, type HttpError } from '@refinedev/core';
import Form from '@rjsf/antd';
import type { ErrorSchema, RegistryWidgetsType } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useTranslation } from 'react-i18next';
import { SYSTEM_FIELDS, type ResourceDef } from '../../domain/resource';
import { formSchema, formUiSchema, translateErrors } from './form-schema';
import { EnumWidget } from './widgets/EnumWidget';
import { RefWidget } from './widgets/RefWidget';

const widgets: RegistryWidgetsType = { EnumWidget, RefWidget };

type Values = Record<string, unknown>;

/** Record -> form data: no system fields, no nulls (RJSF would read null as a wrong type). */
const toFormData = (record: BaseRecord | undefined): Values | undefined =>
  record && Object.fromEntries(Object.entries(record).filter(([k, v]) => v !== null && !(SYSTEM_FIELDS as readonly string[]).includes(k)));

/** Server 40001 `data.errors` (by field) -> RJSF extraErrors shown on the fields. */
const toErrorSchema = (err: unknown): ErrorSchema | undefined => {
  const errors = (err as HttpError | undefined)?.errors as Record<string, string[] | string> | undefined;
  if (!errors) return undefined;
  const out: Record<string, { __errors: string[] }> = {};
  for (const [field, msgs] of Object.entries(errors)) out[field] = { __errors: Array.isArray(msgs) ? msgs.map(String) : [String(msgs)] };
  return out as ErrorSchema;
};

/**
 * The one create / edit screen for every resource: an RJSF form from the resource's schema.
 * Editing sends the record's `version`; a stale one is answered 40901 and toasted.
 */
const FormPage = ({ def, action }: { def: ResourceDef; action: 'create' | 'edit' }) => {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const formRef = useRef<{ submit: () => void } | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  const [changed, setChanged] = useState<Values>();
  const { onFinish, query, formLoading } = useForm<BaseRecord, HttpError, Values>({
    resource: def.name,
    action,
    id: action === 'edit' ? id : undefined,
    redirect: 'list',
  });

  const schema = useMemo(() => formSchema(def), [def]);
  const uiSchema = useMemo(() => formUiSchema(def, t), [def, t, i18n.language]);
  const transformErrors = useMemo(() => translateErrors(t), [t, i18n.language]);
  const record = query?.data?.data;
  const formData = changed ?? toFormData(record);

  const submit = async (data: Values) => {
    setExtraErrors(undefined);
    const values = action === 'edit' ? { ...data, version: record?.version } : data;
    try {
      await onFinish(values);
    } catch (err) {
      setExtraErrors(toErrorSchema(err));
    }
  };

  const onChange = (data: Values | undefined) => {
    setChanged(data);
    // A field the user touches again loses its server error; the others keep theirs.
    if (!extraErrors || !data) return;
    const left = Object.fromEntries(Object.entries(extraErrors).filter(([f]) => data[f] === formData?.[f]));
    if (Object.keys(left).length !== Object.keys(extraErrors).length) setExtraErrors(Object.keys(left).length ? (left as ErrorSchema) : undefined);
  };

  const form =
    action === 'edit' && !record ? null : (
      <div style={{ maxWidth: 760 }} data-testid={`${def.name}-form`}>
        <Form
          ref={formRef as never}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          widgets={widgets}
          formData={formData}
          extraErrors={extraErrors}
          transformErrors={transformErrors}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => onChange(e.formData as Values)}
          onSubmit={(e) => void submit(e.formData as Values)}
        />
      </div>
    );

  const saveButtonProps = { loading: formLoading, onClick: () => formRef.current?.submit(), children: t('buttons.save'), 'data-testid': 'save-button' };
  return action === 'create' ? (
    <Create resource={def.name} title={t(`${def.name}.titles.create`)} saveButtonProps={saveButtonProps}>
      {form}
    </Create>
  ) : (
    <Edit
      resource={def.name}
      recordItemId={id}
      title={t(`${def.name}.titles.edit`)}
      saveButtonProps={saveButtonProps}
      canDelete={def.actions.includes('delete')}
      deleteButtonProps={{ confirmTitle: t('buttons.deleteConfirm'), confirmOkText: t('buttons.delete'), confirmCancelText: t('buttons.cancel') }}
      isLoading={query?.isLoading}
    >
      {form}
    </Edit>
  );
};

export default FormPage;
