import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { resources } from '../../../../resources';
import { eventCatalogue } from '../../../domain/webhook-events';
import { selectProps } from './select-props';

/** Where a suggested list's words come from, by the name its schema gives (`x-suggest`). */
const SOURCES: Record<string, () => string[]> = {
  eventTypes: () => eventCatalogue(resources),
};

/**
 * A list of words (a webhook's events) as tags: picked from the suggestions or typed in (a
 * deprecated event name is accepted but not suggested).
 */
export const SuggestTagsWidget = (props: WidgetProps) => {
  const { value, onChange, options } = props;
  const words = useMemo(() => SOURCES[String(options.source)]?.() ?? [], [options.source]);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Select
      {...selectProps(props)}
      mode="tags"
      value={chosen}
      options={words.map((word) => ({ value: word, label: word }))}
      tokenSeparators={[',', ' ']}
      onChange={(next: string[]) => onChange(next)}
    />
  );
};
