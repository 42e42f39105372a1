import type { AvatarProps } from 'antd';
// The avatar alone: antd's index of it adds Avatar.Group, and with it Popover, to every first load.
import Avatar from 'antd/es/avatar/Avatar';
import { useSignedUrl } from './use-signed-url';

/**
 * antd's Avatar for a stored image value (`value`), with its icon until and unless it is signed.
 * Apart from SignedImage: the header's user menu shows it on every screen, and antd's Image (with
 * its preview) would come with it into every first load.
 */
export const SignedAvatar = ({ value, ...props }: Omit<AvatarProps, 'src'> & { value: unknown }) => (
  <Avatar {...props} src={useSignedUrl(value) || undefined} />
);
