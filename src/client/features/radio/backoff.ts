import { RECONNECT_BASE_MS, RECONNECT_CAP_MS } from '../../../contract/limits';

/** How much of a delay random jitter may take away, so that clients dropped together do not return together. */
export const RECONNECT_JITTER = 0.25;

/**
 * docs/product.md §4: the wait before reconnect attempt `attempt` (0 after a successful open): 1 s doubling,
 * capped at 30 s, minus up to a quarter of random jitter. Never more than the cap.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const raw = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(raw * (1 - RECONNECT_JITTER * random()));
}
