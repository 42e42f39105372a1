import { Avatar, type AvatarProps } from 'antd';
import { useSignedUrl } from './use-signed-url';

/**
 * antd's Avatar for a stored image value (`value`), with its icon until and unless it is signed.
 * Apart from SignedImage: the header's user menu shows it on every screen, and antd's Image (with
 * its preview) would come with it into every first load.
 */
export const SignedAvatar = ({ value, ...props }: Omit<AvatarProps, 'src'> & { value: unknown }) => (
  <Avatar {...props} src={useSignedUrl(value) || undefined} />
);
