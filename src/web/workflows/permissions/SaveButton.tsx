import { App, Button } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../engine/Authorized';
import { useBusy } from '../../engine/use-busy';

interface SaveButtonProps {
  /** The right to change what the panel shows; without it there is no button. */
  permission: string;
  /** Sends the panel's choice; a refusal the HTTP client has already shown. */
  send: () => Promise<unknown>;
  /** What is read again once it is saved. */
  onSaved?: () => Promise<unknown>;
  testId: string;
}

/** A permissions panel's Save: sends the choice on screen and says it is saved. */
export const SaveButton = ({ permission, send, onSaved, testId }: SaveButtonProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { busy, run } = useBusy();
  const save = () =>
    run(async () => {
      await send();
      void message.success(t('engine.permissions.saved'));
      await onSaved?.();
    }).catch(() => {
      // The HTTP client has shown the server's message.
    });
  return (
    <Authorized permission={permission}>
      <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()} data-testid={testId}>
        {t('buttons.save')}
      </Button>
    </Authorized>
  );
};
