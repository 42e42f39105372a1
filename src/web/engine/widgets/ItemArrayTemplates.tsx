import { PlusOutlined, DeleteOutlined } from '@ant-design/icons';
import { buttonId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { Button, Typography, theme, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface ArrayButtonProps {
  kind: 'add' | 'remove';
  /** The array field, whose buttons do nothing while it is disabled or read only. */
  field: { disabled?: boolean; readonly?: boolean };
  fieldPathId: Parameters<typeof buttonId>[0];
  /** The array's ui:options, whose `addLabel` / `removeLabel` name the button in place of the engine's word. */
  options?: Record<string, unknown>;
  onClick: ButtonProps['onClick'];
}

/**
 * The array's add or remove button: RJSF's id, its icon, and its label in the user's language; adding
 * is a dashed bar under the items at full width like an editable table's.
 */
const ArrayButton = ({ kind, field, fieldPathId, options, onClick }: ArrayButtonProps) => {
  const { t } = useTranslation();
  return (
    <Button
      {...(kind === 'add'
        ? { type: 'dashed', block: true, icon: <PlusOutlined /> }
        : { danger: true, icon: <DeleteOutlined /> })}
      id={buttonId(fieldPathId, kind)}
      disabled={field.disabled || field.readonly}
      onClick={onClick}
    >
      {t(String(options?.[`${kind}Label`] ?? `engine.lines.${kind}`))}
    </Button>
  );
};

/**
 * An array of objects kept with the record (a fee model's lines): RJSF's antd theme gives its add and
 * remove buttons an icon and an English tooltip only, so these say what they do in the user's
 * language, the add button under the items at full width like an editable table's.
 */
export const ItemArrayTemplate = (props: ArrayFieldTemplateProps) => {
  const title = props.uiSchema?.['ui:title'] ?? props.title;
  return (
    <fieldset id={props.fieldPathId.$id} className={props.className} style={{ marginBottom: 24 }}>
      {title && (
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {String(title)}
        </Typography.Text>
      )}
      {props.items}
      {props.canAdd && (
        <ArrayButton
          kind="add"
          field={props}
          fieldPathId={props.fieldPathId}
          options={props.uiSchema?.['ui:options']}
          onClick={props.onAddClick}
        />
      )}
    </fieldset>
  );
};

/** One item framed as a block with its own labelled remove button. */
export const ItemArrayItemTemplate = (props: ArrayFieldItemTemplateProps) => {
  const { token } = theme.useToken();
  const { buttonsProps } = props;
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.padding,
        marginBottom: token.marginSM,
      }}
    >
      {props.children}
      {buttonsProps.hasRemove && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <ArrayButton
            kind="remove"
            field={props}
            fieldPathId={buttonsProps.fieldPathId}
            options={props.parentUiSchema?.['ui:options']}
            onClick={buttonsProps.onRemoveItem}
          />
        </div>
      )}
    </div>
  );
};
