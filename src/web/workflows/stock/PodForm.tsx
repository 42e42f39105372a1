import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { UploadWidget } from '../../engine/widgets/UploadWidget';

interface Props {
  current?: string | null;
  /** The name the current file was uploaded under. */
  currentName?: string | null;
  onSave: (podFile: string) => Promise<unknown>;
}

/** Upload a POD file and save it on the document; saving without a file says so (SPEC 5). */
export const PodForm = ({ current, currentName, onSave }: Props) => {
  const { t } = useTranslation();
  const [path, setPath] = useState<string | undefined>(current ?? undefined);
  const [error, setError] = useState<string>();
  const save = async () => {
    if (!path) {
      setError(t('validation.podFile'));
      return;
    }
    setError(undefined);
    await onSave(path).catch(() => undefined);
  };
  const widget = {
    id: 'podFile',
    value: path,
    onChange: (v: string) => setPath(v),
    options: { kind: 'file', fileName: path === current ? currentName : undefined },
  } as unknown as WidgetProps;
  return (
    <Space direction="vertical" data-testid="pod-form">
      <Space>
        <UploadWidget {...widget} />
        <Button type="primary" onClick={() => void save()} data-testid="pod-save">
          {t('workflows.savePod')}
        </Button>
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
};
