import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let token: string;
const api = fileApi();
beforeAll(async () => {
  token = await api.login('editor');
});

const list = (path: string, lang?: string) => api.call('GET', path, { token, lang });

describe('the list contract', () => {
  it('pages with pageIndex/pageSize and reports the total', async () => {
    const first = await list('/config/countries?pageIndex=1&pageSize=10');
    const second = await list('/config/countries?pageIndex=2&pageSize=10');
    expect(first.data.total).toBeGreaterThanOrEqual(240);
    expect(first.data.rows).toHaveLength(10);
    expect(second.data.rows[0].id).not.toBe(first.data.rows[0].id);
    expect(first.data.rows[0]).toMatchObject({ code: 'CHN', nameCn: '中国', locale: 'CN', dialCode: '+86' });
  });

  it('answers a later page in the order of the whole list, by a sort with ties, filtered and searched', async () => {
    // Pages past the first find their rows by id before reading them whole (records.ts deferredJoin).
    const query = 'sort=-countryId,nameEn&q=a';
    const whole = (await list(`/config/ports?${query}&pageSize=1000`)).data.rows.map((r: any) => r.id);
    expect(whole.length).toBeGreaterThan(14);
    const paged: number[] = [];
    for (let pageIndex = 1; pageIndex <= Math.ceil(whole.length / 7); pageIndex++)
      paged.push(
        ...(await list(`/config/ports?${query}&pageIndex=${pageIndex}&pageSize=7`)).data.rows.map((r: any) => r.id),
      );
    expect(paged).toEqual(whole);
  });

  it('defaults to 20 rows and caps pageSize at 1000', async () => {
    expect((await list('/config/countries')).data.rows).toHaveLength(20);
    expect((await list('/config/countries?pageSize=1000')).data.rows.length).toBeGreaterThanOrEqual(240);
    const over = await list('/config/countries?pageSize=1001');
    expect(over).toMatchObject({ status: 400, code: 40001 });
    expect(over.data.errors[0].field).toBe('pageSize');
    expect((await list('/config/countries?pageIndex=0')).code).toBe(40001);
  });

  it('sorts by several fields, descending with a minus', async () => {
    const { data } = await list('/config/ports?sort=-countryId,code&pageSize=1000');
    const keys = data.rows.map((r: any) => [r.countryId, r.code]);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
  });

  it('searches the declared fields with q, case-insensitively, treating % literally', async () => {
    const { data } = await list('/config/ports?q=rotter');
    expect(data.rows.map((r: any) => r.code)).toContain('NLRTM');
    const chinese = await list('/config/ports?q=鹿特丹');
    expect(chinese.data.rows[0].code).toBe('NLRTM');
    expect((await list('/config/ports?q=%25')).data.total).toBe(0);
  });

  it('filters by equality and by _gte/_lte ranges', async () => {
    const inactive = await list('/config/ports?status=0');
    expect(inactive.data.total).toBeGreaterThan(0);
    expect(inactive.data.rows.every((r: any) => r.status === 0)).toBe(true);
    const range = await list('/config/countries?displayOrder_gte=2&displayOrder_lte=5&sort=displayOrder');
    expect(range.data.rows.map((r: any) => r.displayOrder)).toEqual([2, 3, 4, 5]);
  });

  it('takes many values at once with _in', async () => {
    const { data } = await list('/config/countries?code_in=CHN,USA,DEU&sort=code');
    expect(data.rows.map((r: any) => r.code)).toEqual(['CHN', 'DEU', 'USA']);
    const ids = data.rows.map((r: any) => r.id).join(',');
    expect((await list(`/config/countries?id_in=${ids}`)).data.total).toBe(3);
    expect((await list('/config/countries?id_in=1,x')).code).toBe(40001);
  });

  it('refuses unknown sort or filter fields and bad values with 40001, in the caller language', async () => {
    const sort = await list('/config/countries?sort=password_hash');
    expect(sort).toMatchObject({ status: 400, code: 40001 });
    const injection = await list(`/config/countries?${encodeURIComponent('code;drop table users')}=1`);
    expect(injection.code).toBe(40001);
    const filter = await list('/config/countries?nope_gte=3', 'zh');
    expect(filter.message).toBe('未知字段：nope_gte');
    const badValue = await list('/config/countries?displayOrder_gte=abc');
    expect(badValue.data.errors).toEqual([{ field: 'displayOrder_gte', message: 'Please input a whole number.' }]);
  });

  it('returns countries with their active ports on status=1&includePorts=1', async () => {
    const { data } = await list('/config/countries?status=1&includePorts=1&pageSize=1000');
    const china = data.rows.find((r: any) => r.code === 'CHN');
    expect(china.ports.length).toBeGreaterThanOrEqual(25);
    expect(china.ports[0]).toMatchObject({ code: 'CNSHA', nameCn: '上海' });
    const allPorts = data.rows.flatMap((r: any) => r.ports);
    expect(allPorts.length).toBeGreaterThanOrEqual(100);
    expect(allPorts.every((p: any) => p.status === 1)).toBe(true);
    const withoutPorts = await list('/config/countries?pageSize=1');
    expect(withoutPorts.data.rows[0].ports).toBeUndefined();
  });

  it('pages forward by cursor with after, row for row as the offset form, with the same total', async () => {
    /** Every row of a list, following `next` from `after=` until a page comes without one. */
    const follow = async (path: string) => {
      const rows: any[] = [];
      let after = '';
      for (;;) {
        const { data } = await list(`${path}&after=${encodeURIComponent(after)}`);
        rows.push(...data.rows);
        expect(data.rows.every((r: any) => !('__cursor' in r))).toBe(true);
        if (!data.next) return { rows, total: data.total };
        after = data.next;
      }
    };
    for (const path of [
      '/config/countries?pageSize=37',
      '/config/countries?pageSize=37&sort=-id',
      // Several keys, both ways, and a column that may be null.
      '/config/ports?pageSize=11&sort=-countryId,code',
      '/config/ports?pageSize=11&sort=nameEn',
      '/config/ports?pageSize=11&sort=-nameEn',
      // Mostly empty: the cursors name rows whose key is null.
      '/config/countries?pageSize=37&sort=remark',
      '/config/countries?pageSize=37&sort=-remark,code',
    ]) {
      const whole = await list(`${path.replace(/pageSize=\d+/, 'pageSize=1000')}`);
      const paged = await follow(path);
      expect(paged.rows.map((r: any) => r.id)).toEqual(whole.data.rows.map((r: any) => r.id));
      expect(paged.total).toBe(whole.data.total);
    }
    const filtered = await follow('/config/ports?pageSize=5&status=0');
    expect(filtered.rows.length).toBe(filtered.total);
    expect(filtered.rows.every((r: any) => r.status === 0)).toBe(true);
  });

  it('refuses a cursor it did not give and a cursor with a page number, with 40001', async () => {
    const first = await list('/config/countries?pageSize=10&after=');
    for (const bad of ['nope', Buffer.from('[1]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      const answer = await list(`/config/countries?after=${bad}`);
      expect(answer).toMatchObject({ status: 400, code: 40001 });
      expect(answer.data.errors[0].field).toBe('after');
    }
    expect((await list(`/config/countries?pageIndex=2&after=${first.data.next}`)).code).toBe(40001);
    // A cursor of one sort is no cursor of another with more keys.
    expect((await list(`/config/countries?sort=code,name&after=${first.data.next}`)).code).toBe(40001);
  });
});
