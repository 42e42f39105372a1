import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signedInSession, tableRows } from './support';

/** The audit trail under Permissions, and the API reference a client developer reads. */
describe('audit trail and API reference', () => {
  const session = signedInSession({ height: 900 });
  let page: Page;
  let url: string;
  beforeAll(() => {
    page = session.page();
    url = session.url();
  });

  it('lists who changed a record, filtered by entity', async () => {
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value);
    const api = (path: string, init: RequestInit = {}) =>
      page.evaluate(
        async ([u, p, t, i]) =>
          (
            await fetch(`${u}/api/1.0${p}`, {
              ...(i as RequestInit),
              headers: { authorization: t as string, 'content-type': 'application/json' },
            })
          ).json(),
        [url, path, token, init] as const,
      );
    const country = (await api('/config/countries?code=CHN')).data.rows[0];
    const saved = await api(`/config/countries/${country.id}`, {
      method: 'PUT',
      body: JSON.stringify({ version: country.version, remark: 'audited in e2e' }),
    });
    expect(saved.code).toBe(20000);

    await page.goto(
      `${url}/permissions/audit?filters[0][field]=entity&filters[0][operator]=eq&filters[0][value]=countries`,
    );
    await tableRows(page, 'auditLogs').first().waitFor();
    const firstRow = tableRows(page, 'auditLogs').first();
    await expect.poll(() => firstRow.innerText()).toMatch(/countries/);
    await shot(page, 'audit-trail');
    expect(await firstRow.innerText()).toMatch(/edit/);
    // Before and after are long: the record's page shows them.
    await firstRow.locator('button').last().click();
    await page.locator('.ant-descriptions:visible', { hasText: 'audited in e2e' }).waitFor();
  });

  it('serves a readable API reference at /api/docs, from this server alone', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(url)) outside.push(request.url());
    });
    await page.goto(`${url}/api/docs/`);
    // Swagger UI is a large script of its own: on a busy machine it takes a while to draw.
    await page.locator('.swagger-ui .opblock-tag').first().waitFor({ timeout: 80_000 });
    expect(await page.locator('.swagger-ui .opblock-tag').count()).toBeGreaterThan(10);
    await shot(page, 'api-docs');
    expect(outside).toEqual([]);
  }, 120_000);
});
