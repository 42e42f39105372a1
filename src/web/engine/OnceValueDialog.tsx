import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../domain/resource';

interface Props {
  def: ResourceDef;
  value: string;
  onClose: () => void;
}

/**
 * The value a create answers once and never again (`onceOnCreate`: an API key), to copy before the
 * form closes. Only the button closes it, so a stray click or Escape cannot lose the value.
 */
export const OnceValueDialog = ({ def, value, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    void message.success(t('engine.once.copied'));
  };
  return (
    <Modal
      open
      title={t('engine.once.title', { field: t(`${def.name}.fields.${def.onceOnCreate}`) })}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="once-done">
          {t('engine.once.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('engine.once.warning')} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value} data-testid="once-value" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy().catch(() => undefined)} data-testid="once-copy">
          {t('engine.once.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
};
