import { Tag } from 'antd';
import type { ResourceDef } from '../../domain/resource';
import { toneOf } from './tones';

/**
 * A status-like enum's value as a tag in its declared tone (a cancelled bill grey, a paid one
 * green; toneOf), else value 1 (valid) green and 0 (invalid) grey: a list's cells and a workflow
 * record's title alike. A label longer than its room ends in an ellipsis, the whole of it in the tooltip.
 */
export const EnumTag = ({
  def,
  field,
  value,
  text,
  testId,
}: {
  def: ResourceDef;
  field: string;
  value: unknown;
  text: string;
  testId?: string;
}) => (
  <Tag
    color={toneOf(def, field, value) ?? (String(value) === '1' ? 'green' : String(value) === '0' ? 'default' : 'blue')}
    title={text}
    style={{
      maxWidth: '100%',
      marginInlineEnd: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
    }}
    data-testid={testId}
  >
    {text}
  </Tag>
);
