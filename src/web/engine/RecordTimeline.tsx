import { useQuery } from '@tanstack/react-query';
import type { BaseRecord } from '@refinedev/core';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { statusField, type ResourceDef } from '../../domain/resource';
import { http } from '../providers/http';
import { fieldLabel, formatValue } from './fields';
import { actionLabel, resourceTitle } from './row-resource';
import { toneOf } from './tones';
import { actorName } from './actor-name';
import { FileLink } from './widgets/UploadWidget';

/** One step of GET <api>/{id}/timeline. */
interface TimelineRow {
  id: number;
  at: string;
  entity: string;
  action: string;
  from: number | null;
  to: number | null;
  input: Record<string, unknown> | null;
  userName: string | null;
  apiKeyName: string | null;
}

/** Timeline dots take colours, states declare tag tones (toneOf): the same meaning in each. */
const DOT: Record<string, string> = { success: 'green', error: 'red', warning: 'orange', default: 'gray' };

/** An input's key as the schema's field (`inbound_date` -> `inboundDate`), when it is one. */
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** What the action was given, in the record's own field labels; a key that names no field is named by the timeline's words or left out. */
const InputText = ({
  def,
  record,
  input,
  t,
}: {
  def: ResourceDef;
  record: BaseRecord;
  input: Record<string, unknown>;
  t: TFunction;
}) => {
  const parts = Object.entries(input).flatMap(([key, value]) => {
    const field = camel(key);
    const schema = def.schema.properties[field];
    const label = schema ? fieldLabel(def, field, t) : t(`engine.timeline.inputs.${key}`, { defaultValue: '' });
    if (!label || value === null || value === undefined || value === '') return [];
    const text =
      schema?.['x-widget'] === 'file' ? (
        // The record keeps the uploaded name of its current file only; an earlier one shows its stored name.
        <FileLink
          path={String(value)}
          name={value === record[field] ? (record[schema['x-fileName'] ?? ''] as string | undefined) : undefined}
        />
      ) : (
        formatValue(schema ?? { type: 'string' }, value, t)
      );
    return [
      <div key={key}>
        <Typography.Text type="secondary">{label}: </Typography.Text>
        {text}
      </div>,
    ];
  });
  return parts.length ? <>{parts}</> : null;
};

/** A state of a record of `def` in words; '' where the step records none. */
const stateText = (def: ResourceDef, value: number | null, t: TFunction) => {
  const field = statusField(def);
  return value === null || !field ? '' : formatValue(def.schema.properties[field], value, t);
};

const changeText = (def: ResourceDef, row: TimelineRow, t: TFunction) =>
  row.to === null
    ? ''
    : row.from === null || row.from === row.to
      ? stateText(def, row.to, t)
      : `${stateText(def, row.from, t)} → ${stateText(def, row.to, t)}`;

/** A related record's kind as the parent's tab names it (an order's "Delivery"), else its list title. */
const relatedTitle = (def: ResourceDef, entity: string, t: TFunction) => {
  const key = Object.entries(def.relations ?? {}).find(([, relation]) => relation.resource === entity)?.[0];
  return t(`${def.name}.relations.${key}`, { defaultValue: resourceTitle(entity, t) });
};

/**
 * A workflow record's life from its audit rows, oldest first, with the steps of the related records
 * its declaration merges in (an order's delivery, tagged with its kind): each step's states, when,
 * the action in its button's words, who, and what it was given. Read again whenever the record's
 * version moves.
 */
export const RecordTimeline = ({ def, record }: { def: ResourceDef; record: BaseRecord }) => {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: [def.name, 'timeline', record.id, record.version],
    queryFn: () => http.get<{ rows: TimelineRow[] }>(`${def.api}/${record.id}/timeline`),
  });
  if (isLoading) return <Spin />;
  if (!data?.rows.length) return <Empty description={t('engine.timeline.empty')} />;
  return (
    <Timeline
      data-testid="record-timeline"
      items={data.rows.map((row) => {
        const own = row.entity === def.name;
        const rowDef = own ? def : (resourceByName(row.entity) ?? def);
        const field = statusField(rowDef);
        const tone = row.to === null || !field ? undefined : toneOf(rowDef, field, row.to);
        const change = changeText(rowDef, row, t);
        return {
          key: row.id,
          color: tone ? (DOT[tone] ?? 'blue') : 'blue',
          children: (
            <div data-testid="timeline-step">
              {!own && <Tag>{relatedTitle(def, row.entity, t)}</Tag>}
              <Typography.Text strong>{actionLabel(rowDef, row.action, t)}</Typography.Text>
              {change && <Typography.Text> · {change}</Typography.Text>}
              <div>
                <Typography.Text type="secondary">
                  {dayjs(row.at).format('YYYY-MM-DD HH:mm')}
                  {actorName(t, row) ? ` · ${t('engine.timeline.by', { name: actorName(t, row) })}` : ''}
                </Typography.Text>
              </div>
              {row.input && <InputText def={rowDef} record={own ? record : {}} input={row.input} t={t} />}
            </div>
          ),
        };
      })}
    />
  );
};
