import { useMemo, useState, type RefObject } from 'react';
import Form from '@rjsf/antd';
import type {
  ErrorSchema,
  Experimental_DefaultFormStateBehavior,
  RegistryFieldsType,
  RegistryWidgetsType,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { dependents, formSchema, formUiSchema, translateErrors } from './form-schema';
import { schemaValidator as validator } from './schema-validator';
import { toErrorSchema, untouchedErrors } from './server-errors';
import { BaseInputTemplate } from './widgets/BaseInputTemplate';
import { EnumWidget } from './widgets/EnumWidget';
import { LinesField } from './widgets/LinesField';
import type { FormContext } from './widgets/form-context';
import { MultiRefWidget, RefWidget } from './widgets/RefWidget';
import { SuggestTagsWidget } from './widgets/SuggestTagsWidget';
import { TimeZoneWidget } from './widgets/TimeZoneWidget';
import { UploadWidget } from './widgets/UploadWidget';

const widgets: RegistryWidgetsType = {
  EnumWidget,
  RefWidget,
  MultiRefWidget,
  UploadWidget,
  TimeZoneWidget,
  SuggestTagsWidget,
};
const fields: RegistryFieldsType = { LinesField };
const templates = { BaseInputTemplate };
/**
 * A list with a minimum length (minItems) starts with that many empty entries, lines to fill in;
 * not a list of words drawn whole by one widget (x-suggest tags), where an empty entry is no word:
 * left so, it was refused as a word of the wrong type instead of as a list too short.
 */
const defaultFormState: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { computeSkipPopulate: (_validator, schema) => Boolean((schema as FieldSchema)['x-suggest']) },
};

export type Values = Record<string, unknown>;
export type FormHandle = { submit: () => void } | null;

interface Props {
  def: ResourceDef;
  /** Fields fixed by the caller and not shown (a child's parent key). */
  omit?: string[];
  initial?: Values;
  /** Saves; a rejection with field errors (40001) puts them on the fields. */
  onSubmit: (data: Values) => Promise<unknown>;
  formRef: RefObject<FormHandle>;
  /** The parent record of a child form (x-dependsOn may read it). */
  parent?: Values;
  /**
   * Called on each change of the form's data, from then on held over `initial`; `field` is the
   * input the user changed (none for defaults the form fills in by itself).
   */
  onEdit?: (field: string | undefined) => void;
  /** One column whatever the screen (a form in a dialog). */
  narrow?: boolean;
  /** An existing record: its x-fixed fields are shown disabled. */
  editing?: boolean;
}

/** The RJSF form of a resource: one place for widgets, messages, lookups and server errors. */
export const SchemaForm = ({
  def,
  omit = [],
  initial,
  onSubmit,
  formRef,
  parent,
  onEdit,
  narrow,
  editing = false,
}: Props) => {
  const { t } = useTranslation();
  const [changed, setChanged] = useState<Values>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  // Checked as the user types only once a save has failed: no red fields before the first try.
  const [tried, setTried] = useState(false);
  // Callers pass `omit` inline: the memo keys on its names, not on the new array of each render.
  const omitKey = omit.join(',');
  const schema = useMemo(() => formSchema(def, omitKey ? omitKey.split(',') : []), [def, omitKey]);
  const uiSchema = useMemo(() => formUiSchema(def, t, editing), [def, t, editing]);
  const transformErrors = useMemo(() => translateErrors(t, schema), [t, schema]);
  const formData = changed ?? initial;
  const formContext: FormContext = { def, formData, parent, narrow };

  const onChange = (next: Values, field: string | undefined) => {
    onEdit?.(field);
    // A lookup narrowed by another field (a port by its country) is cleared when that field changes.
    for (const [field, on] of dependents(def))
      if (formData && next[on] !== formData[on] && next[field] !== undefined) next = { ...next, [field]: undefined };
    setExtraErrors(untouchedErrors(extraErrors, formData, next));
    setChanged(next);
  };

  const submit = async (data: Values) => {
    setExtraErrors(undefined);
    try {
      await onSubmit(data);
    } catch (err) {
      setExtraErrors(toErrorSchema(err));
    }
  };

  return (
    <div style={{ maxWidth: narrow ? undefined : 1200 }} data-testid={`${def.name}-form`}>
      <Form
        ref={formRef as never}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formData={formData}
        formContext={formContext}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={defaultFormState}
        liveValidate={tried ? 'onChange' : undefined}
        onError={() => setTried(true)}
        onChange={(e, field) => onChange((e.formData ?? {}) as Values, field)}
        onSubmit={(e) => void submit(e.formData as Values)}
      />
    </div>
  );
};
