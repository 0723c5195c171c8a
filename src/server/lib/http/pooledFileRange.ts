import { close, open, read } from 'node:fs';
import { Readable, type Writable } from 'node:stream';

/** Bytes per read and per socket write: a quarter of the system calls of 64 KB reads. */
export const CHUNK_BYTES = 256 * 1024;
/** Free chunks kept for reuse: 8 MB at most, whatever the number of listeners. */
const MAX_FREE_CHUNKS = 32;

/**
 * Chunks handed back once the socket has taken their bytes. A fresh 256 KB Buffer per read made
 * ~150 MB/s of external memory churn while streaming, and V8 answered it with a mark-compact
 * of the whole heap every half second (60-130 ms of marking each, issue 17).
 */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  constructor(
    readonly chunkBytes = CHUNK_BYTES,
    private readonly maxFree = MAX_FREE_CHUNKS,
  ) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.chunkBytes);
  }

  give(chunk: Buffer): void {
    if (this.free.length < this.maxFree) this.free.push(chunk);
  }

  get freeCount(): number {
    return this.free.length;
  }
}

const openFile = (filePath: string) => new Promise<number>((resolve, reject) => open(filePath, 'r', (error, fd) => (error ? reject(error) : resolve(fd))));
const readInto = (fd: number, chunk: Buffer, length: number, position: number) =>
  new Promise<number>((resolve, reject) => read(fd, chunk, 0, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));

/** A file already opened by the caller, whose descriptor the stream then owns (and closes). */
export interface OpenedFile {
  fd: number;
}

/**
 * Bytes start..end (inclusive) of a file (its path, or a descriptor it takes over), for Fastify's reply.send: Fastify pipes a stream payload
 * into the response, and this stream's pipe() writes the chunks itself so that it learns when the
 * socket is done with each (the write callback) and can reuse it. It ends, fails and is destroyed
 * like fs.createReadStream: a file that shrank meanwhile ends early, a read error destroys it
 * with the error, and a response that closes (client gone) stops the reads.
 */
export class PooledFileRange extends Readable {
  private fd: number | null;
  private pumping = false;

  constructor(
    private readonly file: string | OpenedFile,
    private readonly start: number,
    private readonly end: number,
    private readonly pool: ChunkPool,
  ) {
    super();
    this.fd = typeof file === 'string' ? null : file.fd;
  }

  override _read(): void {
    // only pipe() reads this stream (see pipe below)
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    void this.pump(destination as unknown as Writable);
    return destination;
  }

  /** a descriptor handed over but never read (destroyed before pipe) is closed here; pump closes its own */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.pumping && this.fd !== null) close(this.fd, () => undefined);
    this.fd = null;
    callback(error);
  }

  private async pump(destination: Writable): Promise<void> {
    this.pumping = true;
    let fd: number | null = this.fd;
    try {
      fd ??= await openFile(this.file as string);
      let position = this.start;
      while (position <= this.end && !this.destroyed && !destination.destroyed) {
        const chunk = this.pool.take();
        const bytesRead = await readInto(fd, chunk, Math.min(chunk.length, this.end - position + 1), position).catch((error: unknown) => {
          this.pool.give(chunk);
          throw error;
        });
        if (bytesRead === 0 || this.destroyed || destination.destroyed) {
          this.pool.give(chunk);
          break;
        }
        position += bytesRead;
        // the chunk goes back to the pool only when the socket took it all; after an error it is left to the GC
        const wantsMore = destination.write(chunk.subarray(0, bytesRead), (error) => {
          if (!error) this.pool.give(chunk);
        });
        if (!wantsMore) await drained(destination);
      }
      if (!this.destroyed && !destination.destroyed) {
        destination.end();
        this.push(null);
        this.resume();
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      if (fd !== null) close(fd, () => undefined);
    }
  }
}

function drained(destination: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      destination.off('drain', done);
      destination.off('close', done);
      resolve();
    };
    destination.on('drain', done);
    destination.on('close', done);
  });
}
