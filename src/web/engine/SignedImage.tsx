import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { Avatar, Image, type AvatarProps, type ImageProps } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { requestSignedUrl, signedUrlOf, storedPath, subscribe } from './signed-urls';

/**
 * The URL to paint a stored image value with. An image under /oss is only served by a signed URL
 * (an <img> sends no session): undefined while it is being signed, null when the server gave none.
 * Anything else (an external URL) is painted as it is.
 */
export function useSignedUrl(value: unknown): string | null | undefined {
  const text = typeof value === 'string' && value ? value : undefined;
  const path = text ? storedPath(text) : undefined;
  const snapshot = useCallback(() => (path ? signedUrlOf(path) : text), [path, text]);
  const url = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (path) requestSignedUrl(path);
  }, [path]);
  return url;
}

/** A box of the image's size, so rows do not jump while the URL is signed. */
const Pending = ({ width, height, refused }: { width?: ImageProps['width']; height?: ImageProps['height']; refused: boolean }) => (
  <span
    style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width, height: height ?? width, color: 'rgba(0,0,0,0.25)' }}
    data-testid="signed-image-pending"
  >
    {refused && <PictureOutlined />}
  </span>
);

/** antd's Image for a stored image value: `src` is what the record holds. */
export const SignedImage = ({ src, ...props }: ImageProps) => {
  const url = useSignedUrl(src);
  if (!src) return null;
  return url ? <Image {...props} src={url} /> : <Pending width={props.width} height={props.height} refused={url === null} />;
};

/** antd's Avatar for a stored image value (`value`), with its icon until and unless it is signed. */
export const SignedAvatar = ({ value, ...props }: Omit<AvatarProps, 'src'> & { value: unknown }) => (
  <Avatar {...props} src={useSignedUrl(value) || undefined} />
);
