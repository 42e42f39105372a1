import { hashPassword } from '../auth/passwords';
import type { ResourceHooks } from '../engine/hooks';

/** A password is hashed into password_hash and never stored or returned as given. */
export const usersHooks: ResourceHooks = {
  async beforeWrite(input, { current }) {
    const password = input.password as string | undefined;
    if (!password) return current ? {} : { problems: [{ field: 'password', key: 'validation.passwordRequired' }] };
    return { columns: { password_hash: await hashPassword(password) } };
  },
};
