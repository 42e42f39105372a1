import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, dialogSettled, shot, signedInSession, tableRows } from './support';

/** System → API keys: a key is made in the screen, shown once to copy, works, and is revoked. */
describe('API keys', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));

  const callWith = (key: string) =>
    page.evaluate(
      async ([u, k]) => (await fetch(`${u}/api/1.0/products`, { headers: { authorization: `Bearer ${k}` } })).json(),
      [url, key] as const,
    ) as Promise<{ code: number }>;

  it('shows a new key once, then lists it without it, and revokes it', async () => {
    await page.goto(`${url}/system/apiKeys/create`);
    await page.locator('#root_name').fill('E2E shop');
    await chooseOption(page, 'root_organizationId', '', /./);
    await page.getByTestId('save-button').click();

    const shown = page.getByTestId('once-value');
    await shown.waitFor();
    await dialogSettled(page);
    const key = await shown.inputValue();
    expect(key).toMatch(/^lbo_[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('.ant-modal').innerText()).toContain('shown this once and never again');
    await shot(page, 'api-key-once');
    expect((await callWith(key)).code).toBe(20000);

    await page.getByTestId('once-done').click();
    await page.waitForURL((u) => u.pathname === '/system/apiKeys');
    const row = tableRows(page, 'apiKeys').filter({ hasText: 'E2E shop' });
    await row.waitFor();
    expect(await row.innerText()).toContain(key.slice(0, 12));
    expect(await page.content()).not.toContain(key);
    expect(await row.innerText()).toContain('Active');
    // The actions column holds Revoke and the detail's button whole, inside the table (issue 44).
    const whole = () =>
      Promise.all(
        [row.getByTestId('revoke-key'), row.getByTitle('Detail')].map((button) =>
          button.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const cell = el.closest('td')!.getBoundingClientRect();
            const table = el.closest('.ant-table-container')!.getBoundingClientRect();
            return box.left >= cell.left && box.right <= cell.right && box.right <= table.right;
          }),
        ),
      );
    await expect.poll(whole).toEqual([true, true]);
    await shot(page, 'api-key-actions');

    await row.getByTestId('revoke-key').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.innerText()).toContain('Revoked');
    expect(await row.getByTestId('revoke-key').count()).toBe(0);
    await shot(page, 'api-key-revoked');
    expect((await callWith(key)).code).toBe(50008);
  });
});
