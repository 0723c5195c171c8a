import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { FREE_SPACE_CACHE_MS, freeSpaceCheck, type StatFs } from './freeSpace';

/** docs/product.md §8.1: /api/health's look at the free space in DATA_DIR and MEDIA_DIR. */
describe('freeSpaceCheck', () => {
  const fakeStatfs = (free: Record<string, number | Error>) => {
    const calls: string[] = [];
    const fake: StatFs = async (dir) => {
      calls.push(dir);
      const answer = free[dir];
      if (answer === undefined || answer instanceof Error) throw answer ?? Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
      return { bavail: BigInt(answer / 4096), bsize: 4096n };
    };
    return { fake, calls };
  };

  it('answers the fewer free bytes of the folders, each looked at once', async () => {
    const { fake, calls } = fakeStatfs({ '/data': 4096 * 1000, '/media': 4096 * 10 });
    expect(await freeSpaceCheck(['/data', '/media', '/data'], { statfs: fake })()).toBe(4096 * 10);
    expect(calls.sort()).toEqual(['/data', '/media']);
  });

  it(`looks again only after ${FREE_SPACE_CACHE_MS} ms`, async () => {
    const free: Record<string, number> = { '/data': 4096 * 50 };
    const { fake, calls } = fakeStatfs(free);
    const clock = { now: 1_000_000 };
    const check = freeSpaceCheck(['/data'], { statfs: fake, now: () => clock.now });
    expect(await check()).toBe(4096 * 50);
    free['/data'] = 4096 * 5;
    clock.now += FREE_SPACE_CACHE_MS - 1;
    expect(await Promise.all([check(), check()])).toEqual([4096 * 50, 4096 * 50]);
    expect(calls).toHaveLength(1);
    clock.now += 1;
    expect(await check()).toBe(4096 * 5);
    expect(calls).toHaveLength(2);
  });

  it('leaves out a folder statfs cannot read, and answers null when none reads', async () => {
    const { fake } = fakeStatfs({ '/media': 4096 * 7, '/broken': new Error('ENOSYS') });
    expect(await freeSpaceCheck(['/missing', '/media'], { statfs: fake })()).toBe(4096 * 7);
    expect(await freeSpaceCheck(['/missing', '/broken'], { statfs: fake })()).toBeNull();
  });

  it('reads the real free space of the temp folder by default', async () => {
    const real = await statfs(os.tmpdir());
    const free = await freeSpaceCheck([os.tmpdir()])();
    expect(free).toBeGreaterThan(0);
    // the same file system looked at twice: within 1% (other processes write meanwhile)
    expect(Math.abs(free! - real.bavail * real.bsize)).toBeLessThan(real.blocks * real.bsize * 0.01);
  });
});
