import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let editor: string;
let shipper: string;
const api = fileApi();
beforeAll(async () => {
  [admin, editor, shipper] = await Promise.all([api.login('admin'), api.login('editor'), api.login('shipper')]);
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000185d2b5dd0000000049454e44ae426082',
  'hex',
);

const upload = async (token: string, content: Buffer, filename: string) => {
  const form = new FormData();
  form.append('folder', 'docs');
  form.append('file', new Blob([new Uint8Array(content)]), filename);
  const response = await fetch(`${api.url}/api/1.0/oss/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return ((await response.json()) as { data: { path: string; url: string } }).data;
};
const getFile = (token: string, path: string) =>
  fetch(`${api.url}/api/1.0/oss/getFile`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ path }),
  });
/** As an <img> asks: no header, by the URL /oss/sign answered the user; a 404 when it answered none. */
const imageAsBrowser = async (token: string, path: string) => {
  const [signed] = (await api.call('POST', '/oss/sign', { token, body: { paths: [path] } })).data.urls;
  return signed ? fetch(`${api.url}${signed}`) : { status: 404 };
};

const firstId = async (path: string) => (await api.call('GET', path, { token: admin })).data.rows[0].id as number;

describe('files belong to the records that reference them', () => {
  it('a shipment document is read by who may read the shipment, a 404 for anyone else', async () => {
    const editorId = (await api.call('POST', '/system/users/getInfo', { token: editor })).data.id;
    const editorOrgs: number[] = (
      await api.call('GET', `/system/users/${editorId}/organizations`, { token: admin })
    ).data.rows.map((o: any) => o.id);
    const [{ id: foreignOrg }] = (
      await api.call('GET', '/organizations?pageSize=100&sort=id', { token: admin })
    ).data.rows.filter((o: any) => !editorOrgs.includes(o.id));
    const shipment = await api.call('POST', '/shipments', {
      token: admin,
      body: {
        organizationId: foreignOrg,
        shipmentType: 1,
        shipmentMode: 1,
        originCountryId: await firstId('/config/countries?code=CHN'),
        destinationCountryId: await firstId('/config/countries?code=USA'),
        loadingPortId: await firstId('/config/ports?code=CNSHA'),
        dischargePortId: await firstId('/config/ports?code=USLAX'),
        carrierId: await firstId('/config/partners?partnerCode=COSCO'),
        incoterms: 'FOB',
        etd: '2026-11-01',
        eta: '2026-11-18',
      },
    });
    expect(shipment.code).toBe(20000);
    const { path } = await upload(admin, PDF, 'bl.pdf');
    // Not referenced yet: only the uploader reads it back.
    expect((await getFile(editor, path)).status).toBe(404);
    const attachment = await api.call('POST', '/attachments', {
      token: admin,
      body: { shipmentId: shipment.data.id, attachmentType: 1, name: 'BL', path },
    });
    expect(attachment.code).toBe(20000);
    expect((await getFile(admin, path)).status).toBe(200);
    // The editor does not manage that organization, the shipper has no shipment documents at all.
    expect((await getFile(editor, path)).status).toBe(404);
    expect((await getFile(shipper, path)).status).toBe(404);
    await api.call('POST', `/system/users/${editorId}/organizations`, {
      token: admin,
      body: { organizationIds: [...editorOrgs, foreignOrg] },
    });
    const afterGrant = await getFile(editor, path);
    expect(afterGrant.status).toBe(200);
    expect(Buffer.from(await afterGrant.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('an image in <img> is read by a URL signed for who may read it, and never without one', async () => {
    const { path, url } = await upload(admin, PNG, 'avatar.png');
    expect((await fetch(`${api.url}${url}`)).status).toBe(401);
    expect((await imageAsBrowser(shipper, path)).status).toBe(404);
    const own = (await imageAsBrowser(admin, path)) as Response;
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    // Made the shipper's avatar, the shipper sees it in the header.
    const shipperId = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.id;
    const current = (await api.call('GET', `/system/users/${shipperId}`, { token: admin })).data;
    expect(
      (await api.call('PUT', `/system/users/${shipperId}`, { token: admin, body: { ...current, avatar: url } })).code,
    ).toBe(20000);
    expect((await imageAsBrowser(shipper, path)).status).toBe(200);
  });
});

describe('headers', () => {
  it('sends security headers and no CORS grant', async () => {
    const response = await fetch(`${api.url}/api/1.0/system/users/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`${api.url}/api/1.0/config/countries`, {
      headers: { authorization: admin, origin: 'https://evil.example' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    // An API answer is never a page: it may load nothing and be framed by nobody.
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = await fetch(`${api.url}/login`);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('sessions and audit', () => {
  it('a changed role or a disabled account signs that user out; both are in the audit trail', async () => {
    const created = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'clerk1', name: 'Clerk', password: 'clerk123', status: 1, roles: ['editor'] },
    });
    expect(created.code).toBe(20000);
    const clerk = await api.login('clerk1', 'clerk123');
    expect((await api.call('POST', '/system/users/getInfo', { token: clerk })).code).toBe(20000);
    const user = (await api.call('GET', `/system/users/${created.data.id}`, { token: admin })).data;
    expect(
      (
        await api.call('PUT', `/system/users/${created.data.id}`, {
          token: admin,
          body: { ...user, roles: ['shipper'] },
        })
      ).code,
    ).toBe(20000);
    expect((await api.call('POST', '/system/users/getInfo', { token: clerk })).code).toBe(50008);

    const again = await api.login('clerk1', 'clerk123');
    const changed = (await api.call('GET', `/system/users/${created.data.id}`, { token: admin })).data;
    expect(
      (await api.call('PUT', `/system/users/${created.data.id}`, { token: admin, body: { ...changed, status: 0 } }))
        .code,
    ).toBe(20000);
    expect((await api.call('POST', '/system/users/getInfo', { token: again })).code).toBe(50008);

    const trail = await api.call('GET', `/system/audit?entity=users&entityId=${created.data.id}&sort=id`, {
      token: admin,
    });
    expect(trail.data.rows.map((r: any) => r.action)).toEqual(['create', 'edit', 'edit']);
    expect(JSON.parse(trail.data.rows[1].before).roles).toEqual(['editor']);
    expect(JSON.parse(trail.data.rows[1].after).roles).toEqual(['shipper']);
    expect(
      trail.data.rows.every((r: any) => !String(r.after).includes('clerk123') && !String(r.after).includes('password')),
    ).toBe(true);
    expect((await api.call('GET', '/system/audit', { token: editor })).status).toBe(403);
  });

  it('limits sign-in failures per address as well as per account', async () => {
    const { MAX_ADDRESS_FAILURES } = await import('../../src/server/auth/login-limit');
    await api.db.query(
      `INSERT INTO login_failures(username, address) SELECT 'nobody' || g, '127.0.0.1' FROM generate_series(1, $1) g`,
      [MAX_ADDRESS_FAILURES],
    );
    const reply = await api.call('POST', '/system/users/login', {
      body: { username: 'someone-else', password: 'whatever1' },
    });
    expect(reply).toMatchObject({ status: 429, code: 42901 });
    await api.db.query("DELETE FROM login_failures WHERE address = '127.0.0.1'");
    expect(
      (await api.call('POST', '/system/users/login', { body: { username: 'admin', password: 'admin123' } })).code,
    ).toBe(20000);
  });
});
