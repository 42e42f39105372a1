import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../resources';
import { recordScreenPath, type FieldSchema } from '../../domain/resource';
import { usePageNavigate } from '../layout/tags/use-page-navigate';
import { refByKey, rowResource } from './row-resource';
import type { RefLabels } from './useRefLabels';

/**
 * An x-refBy field (an audit row's record) as the record's name, a link to its detail screen; a
 * record that is gone, or one the viewer may not see, keeps its bare id and no link.
 */
export const RecordLink = ({
  field,
  schema,
  record,
  refs,
}: {
  field: string;
  schema: FieldSchema;
  record: BaseRecord;
  refs: RefLabels;
}) => {
  const go = usePageNavigate();
  const name = refs[field]?.get(refByKey(schema, record, field));
  const def = rowResource(record, schema['x-refBy']);
  const id = record[field];
  if (!name || !def || id === undefined || id === null) return <>{String(id ?? '')}</>;
  const path = recordScreenPath(def, 'show', String(id));
  return (
    <a href={path} onClick={go(path)} data-testid="record-link">
      {name}
    </a>
  );
};

/**
 * A lookup (x-ref by id) on a detail page as the looked-up record's name, a link to its detail
 * screen: the records a workflow ties together (an order and its outbound, a delivery and its
 * order, an expense and its bill) reach each other both ways. A name not (yet) known keeps its text.
 */
export const RefLink = ({ schema, value, text }: { schema: FieldSchema; value: unknown; text: string }) => {
  const go = usePageNavigate();
  const def = resourceByName(schema['x-ref'] ?? '');
  if (!def || schema['x-refKey'] || value === undefined || value === null || value === '' || !text) return <>{text}</>;
  const path = recordScreenPath(def, 'show', String(value));
  return (
    <a href={path} onClick={go(path)} data-testid={`ref-link-${def.name}`}>
      {text}
    </a>
  );
};
