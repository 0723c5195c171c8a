import { fstatSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ChunkPool, PooledFileRange } from './pooledFileRange';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-pooled-range-'));
const file = path.join(dir, 'song.bin');
const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
writeFileSync(file, content);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A destination that copies what it receives (the chunks are reused) and can be slow or fail. */
function sink(options: { delayMs?: number; failAfter?: number; highWaterMark?: number } = {}) {
  const received: Buffer[] = [];
  const destination = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      if (options.failAfter !== undefined && received.length >= options.failAfter) return callback(new Error('socket gone'));
      received.push(Buffer.from(chunk));
      if (options.delayMs) setTimeout(callback, options.delayMs);
      else callback();
    },
  });
  return { destination, bytes: () => Buffer.concat(received), writes: () => received.length };
}

async function send(range: PooledFileRange, destination: Writable) {
  range.pipe(destination);
  await Promise.all([finished(range), finished(destination)]);
}

describe('PooledFileRange', () => {
  it('sends exactly start..end in chunks of the pool, and hands every chunk back', async () => {
    const pool = new ChunkPool(4, 8);
    const { destination, bytes, writes } = sink();
    await send(new PooledFileRange(file, 3, 20, pool), destination);
    expect(bytes().equals(content.subarray(3, 21))).toBe(true);
    expect(writes()).toBe(5); // 4 + 4 + 4 + 4 + 2
    // five writes, two chunks: the next chunk is taken before the write callback of the last one ran
    expect(pool.freeCount).toBe(2);
  });

  it('waits for a slow destination (backpressure) and still sends every byte in order', async () => {
    const pool = new ChunkPool(4, 8);
    const { destination, bytes } = sink({ delayMs: 2, highWaterMark: 1 });
    await send(new PooledFileRange(file, 0, content.length - 1, pool), destination);
    expect(bytes().equals(content)).toBe(true);
  });

  it('ends early, like fs.createReadStream, when the file is shorter than the range', async () => {
    const { destination, bytes } = sink();
    await send(new PooledFileRange(file, 30, 99, new ChunkPool(4, 8)), destination);
    expect(bytes().equals(content.subarray(30))).toBe(true);
  });

  it('fails with the error of a file that cannot be opened, writing nothing', async () => {
    const { destination, writes } = sink();
    const range = new PooledFileRange(path.join(dir, 'missing.bin'), 0, 10, new ChunkPool(4, 8));
    range.pipe(destination);
    await expect(finished(range)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(writes()).toBe(0);
  });

  it('stops reading when it is destroyed (the response closed) and keeps a chunk whose write failed', async () => {
    const pool = new ChunkPool(4, 8);
    const { destination, writes } = sink({ failAfter: 1 });
    destination.on('error', () => undefined);
    const range = new PooledFileRange(file, 0, content.length - 1, pool);
    destination.on('close', () => range.destroy());
    range.pipe(destination);
    await finished(range).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes()).toBe(1);
    expect(range.destroyed).toBe(true);
    // the first chunk came back; the one the failed write held did not
    expect(pool.freeCount).toBe(1);
  });

  it('keeps at most maxFree chunks', () => {
    const pool = new ChunkPool(4, 2);
    for (let i = 0; i < 5; i += 1) pool.give(Buffer.alloc(4));
    expect(pool.freeCount).toBe(2);
    expect(pool.take().length).toBe(4);
    expect(pool.freeCount).toBe(1);
  });
});

describe('PooledFileRange over a descriptor it was handed', () => {
  const openFile = () => openSync(file, 'r');
  const isOpen = (fd: number) => {
    try {
      fstatSync(fd);
      return true;
    } catch {
      return false;
    }
  };

  it('reads the range from it and closes it at the end', async () => {
    const fd = openFile();
    const { destination, bytes } = sink();
    await send(new PooledFileRange({ fd }, 5, 14, new ChunkPool(4, 8)), destination);
    expect(bytes().equals(content.subarray(5, 15))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isOpen(fd)).toBe(false);
  });

  it('closes it when destroyed before anything was piped (the client left first)', async () => {
    const fd = openFile();
    new PooledFileRange({ fd }, 0, 10, new ChunkPool(4, 8)).destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isOpen(fd)).toBe(false);
  });
});
