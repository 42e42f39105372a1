import { Image, type ImageProps } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useSignedUrl } from './use-signed-url';

/** A box of the image's size, so rows do not jump while the URL is signed. */
const Pending = ({
  width,
  height,
  refused,
}: {
  width?: ImageProps['width'];
  height?: ImageProps['height'];
  refused: boolean;
}) => (
  <span
    style={{
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width,
      height: height ?? width,
      color: 'rgba(0,0,0,0.25)',
    }}
    data-testid="signed-image-pending"
  >
    {refused && <PictureOutlined />}
  </span>
);

/**
 * antd's Image for a stored image value: `src` is what the record holds. A record's picture beside
 * its name, in its row or detail: decorative (empty alt) unless the caller names it.
 */
export const SignedImage = ({ src, alt = '', ...props }: ImageProps) => {
  const url = useSignedUrl(src);
  if (!src) return null;
  return url ? (
    <Image {...props} alt={alt} src={url} />
  ) : (
    <Pending width={props.width} height={props.height} refused={url === null} />
  );
};
