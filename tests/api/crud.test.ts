import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let chinaId: number;
const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  chinaId = (await api.call('GET', '/config/countries?code=CHN', { token: admin })).data.rows[0].id;
});

const port = (over: Record<string, unknown> = {}) => ({
  code: 'CNXYZ',
  countryId: chinaId,
  nameCn: '湛江',
  nameEn: 'Zhanjiang',
  displayOrder: 300,
  status: 1,
  ...over,
});

describe('generic CRUD of ports', () => {
  it('creates, reads, updates with the version and deletes', async () => {
    const created = await api.call('POST', '/config/ports', { token: admin, body: port() });
    expect(created.code).toBe(20000);
    expect(created.data).toMatchObject({ ...port(), version: 1, id: expect.any(Number) });
    const id = created.data.id;
    expect((await api.call('GET', `/config/ports/${id}`, { token: admin })).data.nameEn).toBe('Zhanjiang');
    const updated = await api.call('PUT', `/config/ports/${id}`, {
      token: admin,
      body: { version: 1, nameEn: 'Zhanjiang Port' },
    });
    expect(updated.data).toMatchObject({ nameEn: 'Zhanjiang Port', nameCn: '湛江', version: 2 });
    expect((await api.call('DELETE', `/config/ports/${id}`, { token: admin })).code).toBe(20000);
    expect(await api.call('GET', `/config/ports/${id}`, { token: admin })).toMatchObject({ status: 404, code: 40401 });
  });

  it('refuses a stale version with 409/40901 and keeps the other change', async () => {
    const { data } = await api.call('POST', '/config/ports', { token: admin, body: port({ code: 'CNBEH' }) });
    const first = await api.call('PUT', `/config/ports/${data.id}`, {
      token: admin,
      body: { version: 1, remark: 'first' },
    });
    expect(first.code).toBe(20000);
    const stale = await api.call('PUT', `/config/ports/${data.id}`, {
      token: admin,
      body: { version: 1, remark: 'second' },
    });
    expect(stale).toMatchObject({ status: 409, code: 40901 });
    expect((await api.call('GET', `/config/ports/${data.id}`, { token: admin })).data.remark).toBe('first');
    const noVersion = await api.call('PUT', `/config/ports/${data.id}`, { token: admin, body: { remark: 'x' } });
    expect(noVersion.data.errors).toEqual([{ field: 'version', message: 'The field is required' }]);
  });

  it('reports field errors in the caller language and writes nothing', async () => {
    const before = (await api.call('GET', '/config/ports?pageSize=1', { token: admin })).data.total;
    const en = await api.call('POST', '/config/ports', {
      token: admin,
      body: port({ code: 'bad', nameEn: '', extra: 1 }),
    });
    expect(en).toMatchObject({ status: 400, code: 40001 });
    expect(en.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'Please input 5 capital letters or digits, the first two letters, e.g. CNSHA.' },
        { field: 'nameEn', message: 'Please input at least 1 characters.' },
        { field: 'extra', message: 'This field is not allowed.' },
      ]),
    );
    const zh = await api.call('POST', '/config/ports', { token: admin, lang: 'zh', body: { code: 'CNABC' } });
    expect(zh.data.errors).toContainEqual({ field: 'nameCn', message: '该字段为必填项' });
    const wrongType = await api.call('POST', '/config/ports', { token: admin, body: port({ displayOrder: 'first' }) });
    expect(wrongType.data.errors).toEqual([{ field: 'displayOrder', message: 'Please input a whole number.' }]);
    expect((await api.call('GET', '/config/ports?pageSize=1', { token: admin })).data.total).toBe(before);
  });

  it('turns a duplicate unique value and a missing reference into field errors', async () => {
    const dup = await api.call('POST', '/config/ports', { token: admin, body: port({ code: 'CNSHA' }) });
    expect(dup.data.errors).toEqual([{ field: 'code', message: 'This value is already used by another record.' }]);
    const ref = await api.call('POST', '/config/ports', {
      token: admin,
      body: port({ code: 'CNQQQ', countryId: 999999 }),
    });
    expect(ref.data.errors).toEqual([{ field: 'countryId', message: 'The selected record does not exist.' }]);
  });

  it('refuses to delete a referenced country with 409 and a clear message', async () => {
    const reply = await api.call('DELETE', `/config/countries/${chinaId}`, { token: admin });
    expect(reply).toMatchObject({
      status: 409,
      code: 40901,
      message: 'This record is used by other records and cannot be deleted.',
    });
  });

  it('answers 404 for ids that are not there or not ids', async () => {
    for (const id of ['999999', 'abc', '1;drop'])
      expect(await api.call('GET', `/config/ports/${id}`, { token: admin })).toMatchObject({
        status: 404,
        code: 40401,
      });
  });
});
