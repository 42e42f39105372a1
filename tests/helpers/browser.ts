import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Flags without which Chromium keeps calling home on this closed network (STACK.md). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium (or CHROME_PATH) in a fresh profile; launch() refuses a user data dir. `camera`
 * names a Y4M video (fake-camera.ts) that Chromium plays as the camera, allowed without asking;
 * `motion` asks for the full motion a system without a reduced-motion setting gets.
 */
export async function openBrowser(
  options: { width?: number; height?: number; locale?: string; camera?: string; motion?: boolean } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: options.camera
      ? [
          ...ARGS,
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${options.camera}`,
        ]
      : ARGS,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    // The app honours the system's wish for less motion (no zoom, slide or growing bar): a test then
    // waits for what a screen shows, not for an animation to end. accessibility.test.ts checks both.
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go for a person to look at (gitignored). */
export const SHOTS_DIR = join(process.cwd(), '.tmp', 'shots');
