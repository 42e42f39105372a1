import { beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/server/auth/tokens';
import { FileUrlSigner, SIGNED_URL_SECONDS } from '../../src/server/files/signed-urls';
import { fileApi } from '../helpers/api';

const SECRET = 'signed-urls-test-secret';
let admin: string;
let shipper: string;
const api = fileApi({ jwtSecret: SECRET });
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000185d2b5dd0000000049454e44ae426082',
  'hex',
);

const upload = async (token: string) => {
  const form = new FormData();
  form.append('folder', 'images');
  form.append('file', new Blob([new Uint8Array(PNG)]), 'box.png');
  const response = await fetch(`${api.url}/api/1.0/oss/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return ((await response.json()) as { data: { path: string; url: string } }).data;
};
const sign = (token: string, paths: unknown) => api.call('POST', '/oss/sign', { token, body: { paths } });
/** As an <img> asks: no header, no cookie. */
const asImg = async (url: string) => {
  const response = await fetch(`${api.url}${url}`);
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return { response, json: isJson ? ((await response.json()) as { code: number; message: string }) : undefined };
};

describe('signed image URLs', () => {
  it('serves the image by its signed URL without a session, with the file headers', async () => {
    const { path } = await upload(admin);
    const reply = await sign(admin, [path]);
    expect(reply.code).toBe(20000);
    const [url] = reply.data.urls as string[];
    expect(url).toMatch(new RegExp(`^/api/1\\.0/oss/files/${path}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    expect(reply.data.expires - Date.now() / 1000).toBeGreaterThan(SIGNED_URL_SECONDS - 5);
    const { response } = await asImg(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a tampered signature, the signature on another path and an expired one with 40401', async () => {
    const [a, b] = [await upload(admin), await upload(admin)];
    const [urlA] = (await sign(admin, [a.path])).data.urls as string[];
    const signature = new URL(urlA, api.url).searchParams.get('signature')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = urlA.replace(signature, flipped);
    const otherPath = urlA.replace(a.path, b.path);
    const later = urlA.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`);
    // Signed with the server's own key, but long ago: only the expiry is wrong.
    const key = (await TokenService.create(api.db, 60, SECRET)).derivedKey('file-urls');
    const expired = new FileUrlSigner(key, '/api/1.0/oss/files').sign(
      a.path,
      Date.now() - (SIGNED_URL_SECONDS + 60) * 1000,
    ).url;
    const stillFresh = new FileUrlSigner(key, '/api/1.0/oss/files').sign(a.path).url;
    expect((await asImg(stillFresh)).response.status).toBe(200);
    for (const url of [tampered, otherPath, later, expired, `${a.url}?expires=9999999999&signature=`]) {
      const { response, json } = await asImg(url);
      expect(response.status, url).toBe(404);
      expect(json).toMatchObject({ code: 40401 });
      expect(json!.message).not.toMatch(/^errors\./);
    }
    // Neither a session nor a signature: signed out, as on any other route.
    expect((await asImg(a.url)).response.status).toBe(401);
  });

  it('still serves API clients by their bearer token', async () => {
    const { url } = await upload(admin);
    const response = await fetch(`${api.url}${url}`, { headers: { authorization: admin } });
    expect(response.status).toBe(200);
    expect((await fetch(`${api.url}${url}`, { headers: { authorization: shipper } })).status).toBe(404);
  });

  it('gives a shipper no URL for a file of another organization, and one for its own', async () => {
    const { path, url } = await upload(admin);
    const own = await upload(shipper);
    const reply = await sign(shipper, [path, own.path, 'not/a/path.png', path]);
    expect(reply.code).toBe(20000);
    expect(reply.data.urls[0]).toBeNull();
    expect(reply.data.urls[1]).toMatch(/signature=/);
    expect(reply.data.urls.slice(2)).toEqual([null, null]);
    // With the admin's URL in hand, the shipper's own token still does not open it.
    expect((await fetch(`${api.url}${url}`, { headers: { authorization: shipper } })).status).toBe(404);
  });

  it('refuses bad bodies field by field with 40001, and callers without a session', async () => {
    for (const paths of [undefined, 'a.png', [42], ['x'.repeat(201)], Array.from({ length: 201 }, () => 'a.png')]) {
      const reply = await sign(admin, paths);
      expect(reply, String(JSON.stringify(paths)).slice(0, 40)).toMatchObject({ status: 400, code: 40001 });
      expect(reply.data.errors[0].field).toBe('paths');
      expect(reply.data.errors[0].message).not.toMatch(/^validation\./);
    }
    expect((await api.call('POST', '/oss/sign', { body: { paths: [] } })).status).toBe(401);
    expect((await sign(admin, [])).data.urls).toEqual([]);
  });
});
