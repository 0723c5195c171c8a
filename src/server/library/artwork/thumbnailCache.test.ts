import { mkdtemp, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderThumbnail } from './renderThumbnail';
import { BLUE, inspect, near, writeSolidJpeg } from './test/images';
import { ThumbnailCache } from './thumbnailCache';

async function setUp(source: Buffer | null) {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'wavelength-art-')), 'artwork');
  const counts = { renders: 0, sources: 0 };
  const cache = new ThumbnailCache({
    dir,
    render: async (image, size) => {
      counts.renders += 1;
      return renderThumbnail(image, size);
    },
    source: async () => {
      counts.sources += 1;
      return source;
    },
  });
  return { dir, counts, cache };
}

describe('ThumbnailCache', () => {
  const hash = 'ab'.repeat(16);
  let image: Buffer;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-src-'));
    const file = await writeSolidJpeg(path.join(dir, 'src.jpg'), BLUE, 400, 250);
    image = await import('node:fs/promises').then((fs) => fs.readFile(file));
  });

  it('renders once for concurrent first requests, then serves the file on disk', async () => {
    const { dir, counts, cache } = await setUp(image);
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.get(hash, 64)));
    expect(counts.renders).toBe(1);
    expect(new Set(answers.map((a) => a?.toString('base64'))).size).toBe(1);
    const made = await stat(cache.fileOf(hash, 64));
    const again = await cache.get(hash, 64);
    expect(counts.renders).toBe(1);
    expect(counts.sources).toBe(1);
    expect(again?.equals(answers[0] as Buffer)).toBe(true);
    expect((await stat(cache.fileOf(hash, 64))).mtimeMs).toBe(made.mtimeMs);
    // written whole under its name: no temporary file left behind
    expect(await readdir(dir)).toEqual([`${hash}-64.jpg`]);
    const thumb = await inspect(again as Buffer, 32, 32);
    expect(thumb).toMatchObject({ width: 64, height: 64, format: 'jpeg' });
    expect(near(thumb.pixel, BLUE)).toBe(true);
  });

  it('makes each size apart', async () => {
    const { counts, cache } = await setUp(image);
    await cache.get(hash, 64);
    await cache.get(hash, 600);
    expect(counts.renders).toBe(2);
    expect(await inspect((await cache.get(hash, 600)) as Buffer, 0, 0)).toMatchObject({ width: 600, height: 600 });
  });

  it('answers null and writes nothing when the source is gone', async () => {
    const { dir, counts, cache } = await setUp(null);
    expect(await cache.get(hash, 300)).toBeNull();
    expect(counts.renders).toBe(0);
    await expect(readdir(dir)).rejects.toThrow();
  });
});
