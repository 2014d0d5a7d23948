import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT, tempDir } from './cli.js';

/** Debian's Chromium (`apt-get install chromium`); nothing is downloaded. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Where the browser tests write their screenshots (git-ignored). */
export const SCREENSHOTS = join(ROOT, 'test-results', 'dashboard');

/**
 * A headless Chromium with a fresh profile that talks to nothing but the pages it is sent
 * to. Playwright passes `--headless` and the profile directory (`--user-data-dir`) itself.
 */
export async function launchBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  const profile = await tempDir('majordomo-chromium-');
  const context = await chromium.launchPersistentContext(profile.path, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await profile.cleanup();
    },
  };
}

/** Writes a full-page screenshot as `test-results/dashboard/NAME.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
