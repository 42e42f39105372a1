import { PlusOutlined, DeleteOutlined } from '@ant-design/icons';
import { buttonId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { Button, Typography, theme, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface ArrayButtonProps extends Omit<ButtonProps, 'icon' | 'id' | 'children'> {
  kind: 'add' | 'remove';
  fieldPathId: Parameters<typeof buttonId>[0];
  /** The array's ui:options, whose `addLabel` / `removeLabel` name the button in place of the engine's word. */
  options?: Record<string, unknown>;
}

/** The array's add or remove button: RJSF's id, its icon, and its label in the user's language. */
const ArrayButton = ({ kind, fieldPathId, options, ...button }: ArrayButtonProps) => {
  const { t } = useTranslation();
  return (
    <Button {...button} icon={kind === 'add' ? <PlusOutlined /> : <DeleteOutlined />} id={buttonId(fieldPathId, kind)}>
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
          type="dashed"
          block
          fieldPathId={props.fieldPathId}
          options={props.uiSchema?.['ui:options']}
          disabled={props.disabled || props.readonly}
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
            danger
            fieldPathId={buttonsProps.fieldPathId}
            options={props.parentUiSchema?.['ui:options']}
            disabled={props.disabled || props.readonly}
            onClick={buttonsProps.onRemoveItem}
          />
        </div>
      )}
    </div>
  );
};
