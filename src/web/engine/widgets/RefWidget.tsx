import type { CrudFilters } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import { resourceByName } from '../../../../resources';
import type { FieldSchema } from '../../../domain/resource';
import { RefSelect } from '../RefSelect';
import type { FormContext } from './form-context';
import { selectProps } from './select-props';

/**
 * x-dependsOn: the referenced resource's field pointing at the same kind of record as the field
 * this one depends on (a port's `countryId` for a shipment's `originCountryId`), equal to its value.
 */
export const dependsFilter = (
  resource: string,
  dependsOn: string | undefined,
  ctx: FormContext | undefined,
): CrudFilters | undefined => {
  const value = dependsOn ? (ctx?.formData?.[dependsOn] ?? ctx?.parent?.[dependsOn]) : undefined;
  const parentRef = dependsOn ? ctx?.def.schema.properties[dependsOn]?.['x-ref'] : undefined;
  if (value === undefined || value === null || !parentRef) return undefined;
  const field = Object.entries(resourceByName(resource)?.schema.properties ?? {}).find(
    ([, s]) => s['x-ref'] === parentRef,
  )?.[0];
  return field ? [{ field, operator: 'eq', value }] : undefined;
};

/** x-refFilter: the lookup offers only records with these values (trucking companies among partners). */
export const refFilters = (refFilter: FieldSchema['x-refFilter']): CrudFilters =>
  Object.entries(refFilter ?? {}).map(([field, value]) => ({ field, operator: 'eq' as const, value }));

/** A lookup field (x-ref): a searchable select over the referenced resource's list API. */
export const RefWidget = (props: WidgetProps) => {
  const { value, onChange, options, registry } = props;
  const resource = String(options.resource);
  const ctx = registry.formContext as FormContext | undefined;
  return (
    <RefSelect
      {...selectProps(props)}
      resource={resource}
      refKey={options.refKey as string | undefined}
      filters={[
        ...(dependsFilter(resource, options.dependsOn as string | undefined, ctx) ?? []),
        ...refFilters(options.refFilter as FieldSchema['x-refFilter']),
      ]}
      value={value ?? undefined}
      onChange={(v) => onChange(v)}
    />
  );
};

/** An array of references (`buyerIds`, a user's role names): the same select, several values. */
export const MultiRefWidget = (props: WidgetProps) => (
  <RefSelect
    {...selectProps(props)}
    multiple
    resource={String(props.options.resource)}
    refKey={props.options.refKey as string | undefined}
    value={Array.isArray(props.value) ? props.value : []}
    onChange={(v) => props.onChange(v ?? [])}
  />
);
