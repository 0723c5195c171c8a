/**
 * Playwright's page.waitForFunction polls with `globalThis.eval` in the page's main world, which our
 * CSP (script-src 'self', no 'unsafe-eval') forbids, as it should. Rather than weaken the policy for
 * tests (bypassCSP would hide every real violation), pages made through the helpers poll the same
 * predicate through page.evaluate: DevTools protocol evaluation, which the page's CSP does not govern.
 */
import type { JSHandle, Page } from 'playwright-core';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_INTERVAL_MS = 50;
/** a navigation between two polls: the real waitForFunction retries across those too */
const NAVIGATED = /Execution context was destroyed|Cannot find context|navigat/i;

const patched = new WeakSet<Page>();

export function pollWithoutEval(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  page.waitForFunction = (async (
    pageFunction: Parameters<Page['waitForFunction']>[0],
    arg?: unknown,
    options: { timeout?: number; polling?: number | 'raf' } = {},
  ): Promise<JSHandle> => {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const interval = typeof options.polling === 'number' ? options.polling : DEFAULT_INTERVAL_MS;
    const deadline = timeout === 0 ? Infinity : Date.now() + timeout;
    for (;;) {
      try {
        const handle = (await page.evaluateHandle(pageFunction as never, arg)) as JSHandle;
        if (await handle.evaluate((value) => Boolean(value))) return handle;
        await handle.dispose();
      } catch (error) {
        if (!NAVIGATED.test(String((error as Error).message))) throw error;
      }
      if (Date.now() + interval > deadline) throw new Error(`page.waitForFunction: Timeout ${timeout}ms exceeded.`);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }) as Page['waitForFunction'];
}
