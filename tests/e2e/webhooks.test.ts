import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dialogSettled, shot, signedInSession, tableRows, toastWith } from './support';

/**
 * System → Webhooks: an endpoint is made in the screen and its signing secret shown once to copy;
 * on its detail page the secret is rotated (shown once again), events since a time are replayed
 * into its delivery log, and an attempt of the log is sent again.
 */
describe('webhooks', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));

  it('shows a new endpoint secret once, then lists the endpoint without it', async () => {
    await page.goto(`${url}/system/webhooks/create`);
    await page.locator('#root_url').fill('https://hooks.example.com/logistics');
    // Saved with none, the events say a list is wanted, not a word.
    await page.getByTestId('save-button').click();
    await page.getByText('Please choose at least 1.').waitFor();
    // The events are picked from what the declarations say happens (a kind's wildcard among them).
    await page.locator('#root_events').fill('order.');
    await page.locator('.ant-select-item-option[title="order.*"]').click();
    await page.keyboard.press('Escape');
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

  /** The endpoint's detail page, from its row of the list. */
  const openEndpoint = async (host: string) => {
    await page.goto(`${url}/system/webhooks`);
    const row = tableRows(page, 'webhooks').filter({ hasText: host });
    await row.waitFor();
    await row.locator('button[title="Detail"]').click();
    await page.getByTestId('webhooks-detail').waitFor();
  };

  it('rotates the secret from the detail page and shows the new one once', async () => {
    await openEndpoint('hooks.example.com');
    await page.getByTestId('webhook-rotate').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByTestId('once-value');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await page.getByTestId('once-done').click();
    await shown.waitFor({ state: 'detached' });
    // The detail page now says when the secret was rotated, and never shows it again.
    await page.getByTestId('webhooks-detail').getByText('Secret rotated').waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  /**
   * The delivery log's rows once `ready` holds, never reloaded: the dispatcher writes them after the
   * endpoint answered, and the log on screen follows "Send again" and "Replay" until they are in it.
   */
  const logRows = async (ready: (texts: string[]) => boolean) => {
    const rows = tableRows(page, 'webhookAttempts');
    await expect.poll(async () => ready(await rows.allInnerTexts()), { timeout: 30_000 }).toBe(true);
    return rows;
  };

  it('replays the events since a time into the delivery log, and sends an attempt again', async () => {
    // An endpoint for the rotation above only: nothing of that kind happens after it is made. Its
    // loopback address is saved as on premise (WEBHOOK_ALLOW_PRIVATE, read by each save), and sent
    // to by a dispatcher started without the setting.
    process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
    await page.goto(`${url}/system/webhooks/create`);
    await page.locator('#root_url').fill('http://127.0.0.1:9/replayed');
    // An event a route of its own writes is typed in, beside the suggested ones.
    await page.locator('#root_events').fill('webhook.secretRotated');
    await page.locator('#root_events').press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('save-button').click();
    await page.getByTestId('once-value').waitFor();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    await page.getByTestId('once-done').click();
    await page.waitForURL((u) => u.pathname === '/system/webhooks');

    await openEndpoint('127.0.0.1:9/replayed');
    await page.getByRole('tab', { name: 'Deliveries' }).click();
    expect(await tableRows(page, 'webhookAttempts').count()).toBe(0);

    await page.getByTestId('webhook-replay').click();
    const from = page.locator('.ant-modal input#from');
    await from.fill('2000-01-01 00:00:00');
    await from.press('Enter');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Replay' }).click();
    await toastWith(page, 'Deliveries queued: 1').waitFor();

    // The loopback address is refused at send (the dispatcher has no setting), and the refusal is the attempt logged.
    const attemptNumbers = (texts: string[]) =>
      texts.flatMap((t) => /webhook\.secretRotated\s+\S+\s+(\d+)\b/.exec(t)?.[1] ?? []).map(Number);
    const rows = await logRows((texts) => attemptNumbers(texts).includes(1));
    await shot(page, 'webhook-delivery-log');

    // The replay's toast gone first, so the one awaited next is the resend's.
    await toastWith(page, 'Deliveries queued').waitFor({ state: 'detached' });
    await rows.first().getByTestId('webhook-resend').click();
    await toastWith(page, 'Deliveries queued: 1').waitFor();
    // Sent again on a fresh schedule, its attempts numbered on: no number of the delivery's log twice.
    await logRows((texts) => {
      const numbers = attemptNumbers(texts);
      return numbers.length >= 2 && new Set(numbers).size === numbers.length;
    });
  });
});
