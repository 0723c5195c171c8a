/**
 * The pure part of the mixed load: what a simulated user does next, how long it thinks, which
 * bytes it asks for, and which route family a request counts under. No I/O, so it is unit-tested
 * (mix.test.ts) and shared by the load worker and the part.
 */
import { createRng } from '../../src/server/library/demo/random';

export { createRng };

/** One user action; each makes one or two requests. */
export type Action = 'search' | 'albums' | 'songs' | 'stream' | 'like' | 'vote';

/** Where a request's latency is counted. */
export type Family = 'signin' | 'search' | 'albums' | 'songs' | 'stream' | 'like' | 'musicbox';

export const FAMILIES: readonly Family[] = ['signin', 'search', 'albums', 'songs', 'stream', 'like', 'musicbox'];

/**
 * How often each action comes up: searching and browsing most, playing (a range of a file) next,
 * liking and voting least. Weights, not percentages.
 */
export const ACTION_WEIGHTS: Readonly<Record<Action, number>> = { search: 25, albums: 20, songs: 20, stream: 15, like: 10, vote: 10 };

/** Think time between two actions of one user. */
export const THINK_MS = { min: 500, max: 2_000 } as const;

/** Range sizes a stream action asks for. */
export const RANGE_BYTES = { min: 256 * 1024, max: 1024 * 1024 } as const;

/** Picks from weighted choices with `random` in [0, 1); throws on no positive weight. */
export function createPicker<T extends string>(weights: Readonly<Record<T, number>>): (random: () => number) => T {
  const entries = (Object.entries(weights) as [T, number][]).filter(([, w]) => w > 0);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (!entries.length || !(total > 0)) throw new Error('no positive weight to pick from');
  return (random) => {
    let left = random() * total;
    for (const [choice, weight] of entries) {
      left -= weight;
      if (left < 0) return choice;
    }
    return entries[entries.length - 1][0];
  };
}

export const pickAction = createPicker(ACTION_WEIGHTS);

/** A whole number of ms in [THINK_MS.min, THINK_MS.max]. */
export function thinkTime(random: () => number): number {
  return Math.round(THINK_MS.min + random() * (THINK_MS.max - THINK_MS.min));
}

/** An inclusive byte range of RANGE_BYTES.min..max bytes inside a file of `size` bytes (all of it when smaller). */
export function pickRange(random: () => number, size: number): { start: number; end: number } {
  const length = Math.min(size, Math.round(RANGE_BYTES.min + random() * (RANGE_BYTES.max - RANGE_BYTES.min)));
  const start = Math.floor(random() * (size - length + 1));
  return { start, end: start + length - 1 };
}

export function pickOne<T>(random: () => number, items: readonly T[]): T {
  if (!items.length) throw new Error('nothing to pick from');
  return items[Math.floor(random() * items.length)];
}

/** The family of an /api request by method and path (query ignored); null for one the mix never makes. */
export function routeFamily(method: string, url: string): Family | null {
  const path = url.split('?')[0].replace(/^\/api/, '');
  const m = method.toUpperCase();
  if (m === 'POST' && path === '/auth/login') return 'signin';
  if (m === 'GET' && path === '/search') return 'search';
  if (m === 'GET' && /^\/albums(\/[^/]+)?$/.test(path)) return 'albums';
  if (m === 'GET' && /^\/songs\/stream\/[^/]+$/.test(path)) return 'stream';
  if (m === 'GET' && /^\/songs(\/[^/]+)?$/.test(path)) return 'songs';
  if (m === 'POST' && /^\/liked-songs\/[^/]+\/toggle$/.test(path)) return 'like';
  if (m === 'GET' && path === '/musicbox/suggestions') return 'musicbox';
  if (m === 'POST' && /^\/musicbox\/suggestions\/[^/]+\/toggle-vote$/.test(path)) return 'musicbox';
  return null;
}
