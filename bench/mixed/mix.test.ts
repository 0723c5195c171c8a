import { ACTION_WEIGHTS, createPicker, createRng, pickAction, pickRange, RANGE_BYTES, routeFamily, thinkTime, THINK_MS, type Action } from './mix';

describe('the mixed load picker', () => {
  it('picks each action about as often as its weight says, and the same sequence for the same seed', () => {
    const random = createRng(5);
    const counts: Record<string, number> = {};
    const n = 40_000;
    for (let i = 0; i < n; i += 1) {
      const action = pickAction(random);
      counts[action] = (counts[action] ?? 0) + 1;
    }
    const total = Object.values(ACTION_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const [action, weight] of Object.entries(ACTION_WEIGHTS) as [Action, number][]) {
      expect(Math.abs(counts[action] / n - weight / total)).toBeLessThan(0.01);
    }
    const a = createRng(9);
    const b = createRng(9);
    expect(Array.from({ length: 50 }, () => pickAction(a))).toEqual(Array.from({ length: 50 }, () => pickAction(b)));
  });

  it('never picks a zero weight, takes the edges of [0, 1), and refuses nothing to pick', () => {
    const pick = createPicker({ a: 1, b: 0, c: 3 });
    expect(pick(() => 0)).toBe('a');
    expect(pick(() => 0.2499)).toBe('a');
    expect(pick(() => 0.25)).toBe('c');
    expect(pick(() => 0.999999)).toBe('c');
    const random = createRng(1);
    for (let i = 0; i < 1_000; i += 1) expect(pick(random)).not.toBe('b');
    expect(() => createPicker({ a: 0 })).toThrow('no positive weight');
  });

  it('thinks 0.5 to 2 s and asks ranges of 256 KiB to 1 MiB inside the file', () => {
    const random = createRng(3);
    const size = 5_000_000;
    for (let i = 0; i < 5_000; i += 1) {
      const think = thinkTime(random);
      expect(think).toBeGreaterThanOrEqual(THINK_MS.min);
      expect(think).toBeLessThanOrEqual(THINK_MS.max);
      const { start, end } = pickRange(random, size);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(end).toBeLessThan(size);
      expect(end - start + 1).toBeGreaterThanOrEqual(RANGE_BYTES.min);
      expect(end - start + 1).toBeLessThanOrEqual(RANGE_BYTES.max);
    }
    expect(pickRange(() => 0.5, 1000)).toEqual({ start: 0, end: 999 });
  });
});

describe('routeFamily', () => {
  it.each([
    ['POST', '/api/auth/login', 'signin'],
    ['GET', '/api/search?q=abc', 'search'],
    ['GET', '/api/albums?sort=name&limit=50', 'albums'],
    ['GET', '/api/albums/6f1c', 'albums'],
    ['GET', '/api/songs?limit=50', 'songs'],
    ['GET', '/api/songs/6f1c', 'songs'],
    ['GET', '/api/songs/stream/6f1c', 'stream'],
    ['POST', '/api/liked-songs/6f1c/toggle', 'like'],
    ['GET', '/api/musicbox/suggestions?sort=popular', 'musicbox'],
    ['POST', '/api/musicbox/suggestions/6f1c/toggle-vote', 'musicbox'],
  ])('%s %s counts as %s', (method, url, family) => {
    expect(routeFamily(method, url)).toBe(family);
  });

  it.each([
    ['GET', '/api/auth/login'],
    ['POST', '/api/search'],
    ['GET', '/api/albums/6f1c/songs'],
    ['GET', '/api/liked-songs/6f1c/toggle'],
    ['DELETE', '/api/musicbox/suggestions/6f1c'],
    ['GET', '/api/radio/queue'],
  ])('%s %s belongs to no family', (method, url) => {
    expect(routeFamily(method, url)).toBeNull();
  });
});
