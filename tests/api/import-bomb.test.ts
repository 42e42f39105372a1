import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../src/domain/import-def';
import { fileApi } from '../helpers/api';
import { xlsxBomb } from '../helpers/zip-bomb';

/**
 * A decompression bomb sent as an import (issue 37): a 10 MB .xlsx whose sheet unpacks to 10 GB,
 * its headers claiming 1 KB, is refused with the 40001 of its file for a second of CPU at most and
 * less than 100 MB more memory. The server runs in this process, so the process's own CPU time
 * and resident memory across the request are the server's (plus the little the client spends).
 */
let shipper: string;
let editor: string;
const bomb = xlsxBomb(9700);

const messages = {
  en: 'The file unpacks to far more data than any import can hold: it may be damaged, or built to overload the server. Save it again from Excel and retry.',
  zh: '该文件解压后的数据量远超任何导入所需：可能已损坏，或是被刻意构造来压垮服务器。请用 Excel 重新保存后再试。',
};

const api = fileApi();
beforeAll(async () => {
  shipper = await api.login('shipper');
  editor = await api.login('editor');
}, 120_000);

/** Posts the bomb, measuring the CPU time spent and the most the resident memory grew meanwhile. */
async function sendBomb(path: string, token: string, lang: keyof typeof messages) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bomb)]), 'products.xlsx');
  const rss = process.memoryUsage.rss();
  let peak = rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const cpu = process.cpuUsage();
  const response = await fetch(`${api.url}/api/1.0${path}`, {
    method: 'POST',
    headers: { authorization: token, 'accept-language': lang },
    body: form,
  });
  const answer = (await response.json()) as { code: number; message: string; data: { errors: unknown[] } };
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { status: response.status, answer, cpuSeconds: (used.user + used.system) / 1e6, grewMB: (peak - rss) / 1e6 };
}

/** The 40001 naming the file, in the caller's language, for a second of CPU and 100 MB at most. */
async function expectRefusedFast(path: string, token: string, lang: keyof typeof messages) {
  const { status, answer, cpuSeconds, grewMB } = await sendBomb(path, token, lang);
  expect([status, answer.code, answer.data.errors]).toEqual([400, 40001, [{ field: 'file', message: messages[lang] }]]);
  console.info(`${path}: ${cpuSeconds.toFixed(3)} s of CPU, ${grewMB.toFixed(1)} MB more memory at most`);
  expect(cpuSeconds).toBeLessThan(1);
  expect(grewMB).toBeLessThan(100);
}

describe('a decompression bomb', () => {
  it('is 10 MB at most, unpacking to about 10 GB', () => {
    expect(bomb.length).toBeGreaterThan(9.5 * 1024 * 1024);
    expect(bomb.length).toBeLessThanOrEqual(IMPORT_LIMITS.bytes);
  });

  it('sent into a cargo owner’s own draft inbound is refused as its file, fast, and changes nothing', async () => {
    const { organizationId } = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data;
    const [sku] = await api.db.query<{ id: number }>('SELECT id FROM skus WHERE organization_id = $1 LIMIT 1', [
      organizationId,
    ]);
    const [warehouse] = (await api.call('GET', '/config/warehouses?pageSize=1&sort=id', { token: shipper })).data.rows;
    const draft = await api.call('POST', '/inventory/inbounds', {
      token: shipper,
      body: { warehouseId: warehouse.id, inboundType: 1, products: [{ skuId: sku.id, pieces: 5, pallets: 1 }] },
    });
    expect(draft.code, draft.message).toBe(20000);
    const lines = () => api.db.query('SELECT * FROM inbound_lines WHERE inbound_id = $1', [draft.data.id]);
    const before = await lines();
    await expectRefusedFast(`/inventory/inbounds/${draft.data.id}/import`, shipper, 'zh');
    expect(await lines()).toEqual(before);
  });

  it.each(['/products/import', '/products/import/marked'])('sent to %s is refused as its file, fast', (path) =>
    expectRefusedFast(path, editor, 'en'),
  );
});
