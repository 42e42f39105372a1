import { beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { engineActions } from '../../src/domain/resource';
import { fileApi } from '../helpers/api';

/** DESIGN 7: whatever a client sends, the answer is a 4xx in the envelope, never a 500. */
let admin: string;
const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

const hostile: unknown[] = [null, 'x'.repeat(5000), 1.5, 2 ** 40, [1, 'a'], { a: 1 }, '2026-13-45'];

it('answers every field of every resource with hostile values without a 500', async () => {
  const failures: string[] = [];
  for (const r of resources) {
    const fields = Object.keys(r.schema.properties);
    const writes = engineActions(r).includes('create');
    for (const field of fields) {
      for (const value of hostile) {
        if (writes) {
          const reply = await api.call('POST', r.api, { token: admin, body: { [field]: value } });
          if (reply.status >= 500)
            failures.push(`POST ${r.api} ${field}=${JSON.stringify(value).slice(0, 30)} -> ${reply.status}`);
        }
      }
      for (const suffix of ['', '_gte', '_lte', '_in'])
        for (const value of ['abc', '1,2,x', '9'.repeat(30)]) {
          const reply = await api.call('GET', `${r.api}?${field}${suffix}=${encodeURIComponent(value)}`, {
            token: admin,
          });
          if (reply.status >= 500) failures.push(`GET ${r.api}?${field}${suffix}=${value} -> ${reply.status}`);
        }
      for (const sort of [field, `-${field}`]) {
        const reply = await api.call('GET', `${r.api}?sort=${sort}`, { token: admin });
        if (reply.status >= 500) failures.push(`GET ${r.api}?sort=${sort} -> ${reply.status}`);
      }
    }
    for (const body of ['[]', '"text"', '123', 'null', '{"version": "1"}'])
      for (const [method, path] of [
        ['POST', r.api],
        ['PUT', `${r.api}/1`],
      ]) {
        const reply = await api.call(method, path, { token: admin, raw: body });
        if (reply.status >= 500) failures.push(`${method} ${path} ${body} -> ${reply.status}`);
      }
  }
  expect(failures).toEqual([]);
}, 180_000);

it('refuses an integer beyond its column on an existing record, naming the field, without a 500', async () => {
  const failures: string[] = [];
  for (const r of resources.filter((res) => engineActions(res).includes('edit'))) {
    const [record] = (await api.call('GET', `${r.api}?pageSize=1`, { token: admin })).data?.rows ?? [];
    if (!record) continue;
    for (const [field, s] of Object.entries(r.schema.properties).filter(
      ([, s]) => s.type === 'integer' && !s.readOnly,
    )) {
      const reply = await api.call('PUT', `${r.api}/${record.id}`, {
        token: admin,
        body: { ...record, [field]: 2 ** 40 },
      });
      if (
        reply.status >= 500 ||
        reply.code !== 40001 ||
        !reply.data?.errors?.some((e: { field: string }) => e.field === field)
      )
        failures.push(`PUT ${r.api}/${record.id} ${field}=2^40 -> ${reply.status} ${reply.message}`);
      if (s['x-ref'] && !s['x-refKey'] && reply.message !== 'The selected record does not exist.')
        failures.push(`${r.name}.${field}: ${reply.message}`);
    }
  }
  expect(failures).toEqual([]);
});
