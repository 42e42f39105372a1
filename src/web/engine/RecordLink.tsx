import type { BaseRecord } from '@refinedev/core';
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
