import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { request } from '../../providers/http';
import { downloadApi } from '../download';
import { SignedImage } from '../SignedImage';

interface Uploaded {
  path: string;
  url: string;
  name: string;
}

/** The name a stored file is shown and downloaded under: the last part of its path. */
export const fileName = (path: string) => path.split('/').pop() ?? path;

/** A stored file: its name, downloaded through /oss/getFile (an attachment, with the session). */
export const FileLink = ({ path }: { path: string }) => (
  <Button
    type="link"
    size="small"
    icon={<PaperClipOutlined />}
    onClick={() => void downloadApi('/oss/getFile', fileName(path), { path })}
    style={{ padding: 0 }}
  >
    {fileName(path)}
  </Button>
);

/**
 * x-widget image | file: uploads through /oss/upload. An image keeps its `url` (shown by a signed
 * URL, a 50 px thumbnail, SPEC 9); a file keeps its `path`, downloaded through getFile.
 */
export const UploadWidget = ({ id, value, onChange, disabled, readonly, options }: WidgetProps) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const image = options.kind === 'image';
  const upload = async (file: File) => {
    const body = new FormData();
    body.append('folder', image ? 'images' : 'files');
    body.append('file', file);
    setBusy(true);
    try {
      const done = await request<Uploaded>('/oss/upload', { method: 'POST', body });
      onChange(image ? done.url : done.path);
    } catch {
      // The HTTP client has shown the server's message (type or size refused).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space id={id} align="center" data-testid={`upload-${id}`}>
      {value && image && <SignedImage src={String(value)} width={50} height={50} style={{ objectFit: 'cover' }} />}
      {value && !image && <FileLink path={String(value)} />}
      <Upload
        showUploadList={false}
        accept={image ? 'image/*' : undefined}
        disabled={disabled || readonly}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled || readonly}>
          {t('engine.upload')}
        </Button>
      </Upload>
      {value && !(disabled || readonly) && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange(undefined)} title={t('buttons.clear')} />
      )}
    </Space>
  );
};
