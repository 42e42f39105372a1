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

/** A stored file's name when the record does not keep the one it was uploaded under: its path's last part. */
const pathName = (path: string) => path.split('/').pop() ?? path;

/**
 * A stored file: the name it was uploaded under (`name`, else its path's), downloaded through
 * /oss/getFile (an attachment, with the session) under the name the server sends.
 */
export const FileLink = ({ path, name }: { path: string; name?: string | null }) => (
  <Button
    type="link"
    size="small"
    icon={<PaperClipOutlined />}
    onClick={() => void downloadApi('/oss/getFile', name || pathName(path), { path })}
    style={{ padding: 0 }}
    data-testid="file-link"
  >
    {name || pathName(path)}
  </Button>
);

/**
 * x-widget image | file: uploads through /oss/upload. An image keeps its `url` (shown by a signed
 * URL, a 50 px thumbnail, SPEC 9); a file keeps its `path`, downloaded through getFile and shown by
 * the name it was uploaded under.
 */
export const UploadWidget = ({ id, value, onChange, disabled, readonly, options }: WidgetProps) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The name of what was just uploaded; a saved record's file comes with its own (options.fileName).
  const [uploaded, setUploaded] = useState<{ path: string; name: string }>();
  const image = options.kind === 'image';
  const upload = async (file: File) => {
    const body = new FormData();
    body.append('folder', image ? 'images' : 'files');
    body.append('file', file);
    setBusy(true);
    try {
      const done = await request<Uploaded>('/oss/upload', { method: 'POST', body });
      setUploaded({ path: done.path, name: done.name });
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
      {value && !image && (
        <FileLink
          path={String(value)}
          name={uploaded && uploaded.path === value ? uploaded.name : (options.fileName as string | undefined)}
        />
      )}
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
