import { Button, Checkbox, Divider, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';
import { columnFields, fieldLabel } from './fields';

/**
 * A popover of checkboxes: which columns the list shows. Shown ones keep their place, a newly
 * ticked one joins at the end; `onChange(undefined)` restores the declaration's columns.
 */
export const ColumnPicker = ({
  def,
  visible,
  onChange,
}: {
  def: ResourceDef;
  visible: string[];
  onChange: (fields: string[] | undefined) => void;
}) => {
  const { t } = useTranslation();
  const all = columnFields(def).map(([f]) => f);
  const content = (
    <div style={{ maxHeight: 360, overflowY: 'auto', minWidth: 200 }} data-testid="column-picker">
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        value={visible}
        onChange={(v) =>
          onChange([
            ...visible.filter((f) => v.includes(f)),
            ...all.filter((f) => v.includes(f) && !visible.includes(f)),
          ])
        }
        options={all.map((f) => ({ value: f, label: fieldLabel(def, f, t) }))}
      />
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" type="link" onClick={() => onChange(undefined)}>
        {t('engine.columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('engine.columns.title')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="column-picker-button">
        {t('engine.columns.button')}
      </Button>
    </Popover>
  );
};
