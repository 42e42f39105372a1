import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dialogSettled, shot, signedInSession, tableRows } from './support';

/** System → Webhooks: an endpoint is made in the screen and its signing secret shown once to copy. */
describe('webhooks', () => {
  const session = signedInSession();
  let page: Page;
  let url: string;
  beforeAll(() => {
    page = session.page();
    url = session.url();
  });

  it('shows a new endpoint secret once, then lists the endpoint without it', async () => {
    await page.goto(`${url}/system/webhooks/create`);
    await page.locator('#root_url').fill('https://hooks.example.com/logistics');
    // At least one event is asked for: the form starts with one empty entry.
    await page.locator('#root_events_0').fill('order.*');
    await page.getByTestId('save-button').click();

    const shown = page.getByTestId('once-value');
    await shown.waitFor();
    await dialogSettled(page);
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    expect(await page.locator('.ant-modal').innerText()).toContain('shown this once and never again');
    await shot(page, 'webhook-secret-once');

    await page.getByTestId('once-done').click();
    await page.waitForURL((u) => u.pathname === '/system/webhooks');
    const row = tableRows(page, 'webhooks').filter({ hasText: 'hooks.example.com' });
    await row.waitFor();
    expect(await row.innerText()).toContain('order.*');
    expect(await page.content()).not.toContain(secret);
  });
});
