import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let token: string;
const api = fileApi();
beforeAll(async () => {
  token = await api.login('editor');
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000185d2b5dd0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const upload = async (content: Buffer, filename: string, folder = 'pod') => {
  const form = new FormData();
  form.append('folder', folder);
  form.append('file', new Blob([new Uint8Array(content)]), filename);
  const response = await fetch(`${api.url}/api/1.0/oss/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return { status: response.status, ...((await response.json()) as { code: number; message: string; data: any }) };
};

describe('/oss', () => {
  it('stores an image and serves it inline by its URL', async () => {
    const reply = await upload(PNG, 'photo.png', 'avatars');
    expect(reply.code).toBe(20000);
    expect(reply.data.path).toMatch(/^avatars\/\d{6}\/[0-9a-f-]{36}\.png$/);
    // As an <img> asks for it: by a signed URL, no header.
    const [signed] = (await api.call('POST', '/oss/sign', { token, body: { paths: [reply.data.path] } })).data.urls;
    const image = await fetch(`${api.url}${signed}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('sends a PDF back through getFile as an attachment', async () => {
    const { data } = await upload(PDF, 'pod.pdf');
    const response = await fetch(`${api.url}/api/1.0/oss/getFile`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ path: data.path }),
    });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('judges the type by content: HTML named .png is refused', async () => {
    const reply = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expect(reply).toMatchObject({ status: 400, code: 40001 });
    expect(reply.data.errors[0].field).toBe('file');
  });

  it('refuses a bad folder, an empty upload, and paths outside storage', async () => {
    expect((await upload(PNG, 'a.png', '../etc')).data.errors[0].field).toBe('folder');
    expect((await upload(Buffer.alloc(0), 'a.png')).code).toBe(40001);
    for (const path of [
      '../../etc/passwd',
      'pod/202611/../../x.png',
      'pod/202611/00000000-0000-0000-0000-000000000000.png',
    ]) {
      const response = await fetch(`${api.url}/api/1.0/oss/getFile`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ path }),
      });
      expect(response.status).toBe(404);
    }
  });

  it('needs a signed-in user to upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const response = await fetch(`${api.url}/api/1.0/oss/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(401);
  });
});
