import { PlusOutlined, DeleteOutlined } from '@ant-design/icons';
import { buttonId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { Button, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * An array of objects kept with the record (a fee model's lines): RJSF's antd theme gives its add and
 * remove buttons an icon and an English tooltip only, so these say what they do in the user's
 * language, the add button under the items at full width like an editable table's.
 */
export const ItemArrayTemplate = (props: ArrayFieldTemplateProps) => {
  const { t } = useTranslation();
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
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          id={buttonId(props.fieldPathId, 'add')}
          disabled={props.disabled || props.readonly}
          onClick={props.onAddClick}
        >
          {t(String(props.uiSchema?.['ui:options']?.addLabel ?? 'engine.lines.add'))}
        </Button>
      )}
    </fieldset>
  );
};

/** One item framed as a block with its own labelled remove button. */
export const ItemArrayItemTemplate = (props: ArrayFieldItemTemplateProps) => {
  const { t } = useTranslation();
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
          <Button
            danger
            icon={<DeleteOutlined />}
            id={buttonId(buttonsProps.fieldPathId, 'remove')}
            disabled={props.disabled || props.readonly}
            onClick={buttonsProps.onRemoveItem}
          >
            {t(String(props.parentUiSchema?.['ui:options']?.removeLabel ?? 'engine.lines.remove'))}
          </Button>
        </div>
      )}
    </div>
  );
};
