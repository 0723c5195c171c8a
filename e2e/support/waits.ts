/** Bounded waits whose failure says which behaviour is missing and what was seen instead. */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';

/** Polls `read` until `check` holds; otherwise fails saying `what` did not happen and what was seen instead. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeout = 5_000, interval = 100): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      error = undefined;
      if (check(last)) return last;
    } catch (e) {
      error = e;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, interval));
  }
  const seen = error ? `error: ${String((error as Error).message ?? error).split('\n')[0]}` : JSON.stringify(last);
  assert.fail(`${what} (within ${timeout / 1000} s); saw ${seen}`);
}

/** Waits for a locator to be visible; on timeout fails with `what` rather than a selector dump. */
export async function expectVisible(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    assert.fail(`${what} (nothing visible within ${timeout / 1000} s)`);
  }
}

/** Reads `read` for `duration` ms and fails, with `what` and the value seen, the first time `check` does not hold. */
export async function holds<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, duration = 4_000, interval = 200): Promise<T> {
  const until = Date.now() + duration;
  let last = await read();
  for (;;) {
    assert.ok(check(last), `${what}; saw ${JSON.stringify(last)}`);
    if (Date.now() > until) return last;
    await new Promise((r) => setTimeout(r, interval));
    last = await read();
  }
}
