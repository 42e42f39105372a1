import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * The last column of an editable line table (a document's lines, a bill's): each line's remove
 * button, an icon named for screen readers, left out of the Tab order so Tab moves from cell to cell.
 */
export const removeLineColumn = <Line,>(
  label: string,
  remove: (index: number) => void,
  disabled = false,
): ColumnType<Line> & { width: number } => ({
  key: 'remove',
  title: '',
  width: 48,
  render: (_: unknown, __: Line, index: number) => (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={label}
      title={label}
      disabled={disabled}
      tabIndex={-1}
      onClick={() => remove(index)}
    />
  ),
});
