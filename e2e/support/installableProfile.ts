import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, E2E_ADMIN, signIn } from './browser';
import { guardContext } from './cspGuard';

/**
 * Chromium with a profile on disk in `dir` (an incognito context, which browser.newContext makes,
 * can neither install the app nor keep a service worker's caches), a page signed in as the admin.
 */
export async function signedInProfile(dir: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await guardContext(
    await chromium.launchPersistentContext(path.join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      baseURL,
      viewport: { width: 1280, height: 800 },
    }),
  );
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}
