import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { FastifyBaseLogger } from 'fastify';
import { BurstDebouncer } from './debounce';
import { RootWatcher } from './rootWatcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errors: unknown[] = [];
const warnings: unknown[] = [];
const log = { error: (obj: unknown) => errors.push(obj), warn: (obj: unknown) => warnings.push(obj), info: () => undefined } as unknown as FastifyBaseLogger;

describe('BurstDebouncer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires once after the quiet time, at the latest the max time after a steady stream began, never after cancel', () => {
    let fired = 0;
    const debouncer = new BurstDebouncer({ quietMs: 2_000, maxMs: 8_000 }, () => (fired += 1));
    for (let i = 0; i < 5; i += 1) debouncer.touch();
    jest.advanceTimersByTime(1_999);
    expect(fired).toBe(0);
    jest.advanceTimersByTime(1);
    expect(fired).toBe(1);
    for (let ms = 0; ms < 7_999; ms += 500) {
      debouncer.touch();
      jest.advanceTimersByTime(500);
      expect(fired).toBe(ms + 500 >= 8_000 ? 2 : 1);
    }
    jest.advanceTimersByTime(500);
    expect(fired).toBe(2);
    debouncer.touch();
    debouncer.cancel();
    jest.advanceTimersByTime(10_000);
    expect(fired).toBe(2);
  });
});

describe('RootWatcher', () => {
  it('reports no hidden file or folder, nor anything under one', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'wl-watch-'));
    await mkdir(path.join(root, 'Album'));
    await mkdir(path.join(root, '.Trash'));
    const changed: (string | null)[] = [];
    const watcher = new RootWatcher({ root, log, retryMs: 50, checkMs: 50, onChange: (changedPath) => changed.push(changedPath) });
    expect(watcher.open()).toBe(true);
    await sleep(200);
    await writeFile(path.join(root, '.hidden.mp3'), 'x');
    await writeFile(path.join(root, '.Trash', 'a.mp3'), 'x');
    await writeFile(path.join(root, 'Album', '._a.mp3'), 'x');
    await mkdir(path.join(root, 'Album', '.cache'));
    await sleep(200);
    await writeFile(path.join(root, 'Album', '.cache', 'b.mp3'), 'x');
    await writeFile(path.join(root, 'Album', 'a.mp3'), 'x');
    const deadline = Date.now() + 2_000;
    while (!changed.includes(path.join(root, 'Album', 'a.mp3')) && Date.now() < deadline) await sleep(20);
    watcher.close();
    await rm(root, { recursive: true, force: true });
    expect([...new Set(changed)]).toEqual([path.join(root, 'Album', 'a.mp3')]);
  });

  it('logs a folder it cannot watch, and retries until it can (then asks for a rescan)', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'wl-watch-'));
    const root = path.join(parent, 'later');
    let changes = 0;
    const watcher = new RootWatcher({ root, log, retryMs: 50, checkMs: 50, onChange: () => (changes += 1) });
    errors.length = 0;
    expect(watcher.open()).toBe(false);
    expect(errors).toHaveLength(1);
    await mkdir(root);
    const deadline = Date.now() + 2_000;
    while (!watcher.watching && Date.now() < deadline) await sleep(20);
    expect(watcher.watching).toBe(true);
    expect(changes).toBe(1);
    await writeFile(path.join(root, 'a.mp3'), 'x');
    while (changes < 2 && Date.now() < deadline) await sleep(20);
    expect(changes).toBeGreaterThanOrEqual(2);
    watcher.close();
    expect(watcher.watching).toBe(false);
    await rm(parent, { recursive: true, force: true });
  });
});
