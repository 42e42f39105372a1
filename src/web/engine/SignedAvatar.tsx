import type { AvatarProps } from 'antd';
// The avatar alone: antd's index of it adds Avatar.Group, and with it Popover, to every first load.
import Avatar from 'antd/es/avatar/Avatar';
import { useSignedUrl } from './use-signed-url';

/**
 * antd's Avatar for a stored image value (`value`), with its icon until and unless it is signed.
 * Apart from SignedImage: the header's user menu shows it on every screen, and antd's Image (with
 * its preview) would come with it into every first load. A picture beside its name (a user's, a
 * product's): decorative, an empty alt, unless the caller names it.
 */
export const SignedAvatar = ({ value, alt = '', ...props }: Omit<AvatarProps, 'src'> & { value: unknown }) => (
  <Avatar {...props} alt={alt} src={useSignedUrl(value) || undefined} />
);
