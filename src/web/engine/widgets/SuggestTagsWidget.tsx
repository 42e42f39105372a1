import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { resources } from '../../../../resources';
import { eventCatalogue } from '../../../domain/event-types';

/** Where a suggested list's words come from, by the name its schema gives (`x-suggest`). */
const SOURCES: Record<string, () => string[]> = {
  eventTypes: () => eventCatalogue(resources),
};

/**
 * A list of words (a webhook's events) as tags: picked from the suggestions or typed in, since a
 * route of its own may name more than the declarations know. An empty entry the form starts its
 * list with (minItems) is no word.
 */
export const SuggestTagsWidget = ({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  options,
  placeholder,
}: WidgetProps) => {
  const words = useMemo(() => SOURCES[String(options.source)]?.() ?? [], [options.source]);
  const chosen = (Array.isArray(value) ? value : []).filter((word): word is string => !!word);
  return (
    <Select
      id={id}
      mode="tags"
      value={chosen}
      options={words.map((word) => ({ value: word, label: word }))}
      tokenSeparators={[',', ' ']}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(next: string[]) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
};
