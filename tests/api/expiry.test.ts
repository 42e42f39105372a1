import { afterEach, expect, it, vi } from 'vitest';
import { fileApi } from '../helpers/api';

const api = fileApi({ tokenTtlSeconds: 60 });

afterEach(() => vi.useRealTimers());

// The server runs in this process: its clock is moved past the token's lifetime instead of waited
// for, so a busy machine's slow login cannot expire the token before its first use.
it('answers an expired token with 401/50014', async () => {
  const token = await api.login('admin');
  expect((await api.call('POST', '/system/users/getInfo', { token })).code).toBe(20000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 61_000);
  const reply = await api.call('POST', '/system/users/getInfo', { token, lang: 'zh' });
  expect(reply).toMatchObject({ status: 401, code: 50014, message: '登录已过期，请重新登录。' });
});
