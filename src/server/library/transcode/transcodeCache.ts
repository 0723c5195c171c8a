import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { evictCache, removeDeadParts } from './evictCache';
import { FfmpegPool } from './ffmpegPool';
import { transcodeToFlac } from './runFfmpeg';
import type { SpawnFfmpeg } from './spawnFfmpeg';

export interface TranscodeCacheOptions {
  /** DATA_DIR/transcode */
  dir: string;
  /** TRANSCODE_CACHE_MB in bytes: beyond it the least recently served files go */
  maxBytes: number;
  /** the app's one pool of ffmpeg runs (ffmpegPool.ts); a pool of its own when absent */
  pool?: FfmpegPool;
  ffmpegPath?: string;
  /** an ffmpeg run longer than this is killed; a 3-minute track takes about a second here */
  timeoutMs?: number;
  spawn?: SpawnFfmpeg;
}

/** A FLAC copy being served: it stays on disk until `release` (the response ended). */
export interface CopyLease {
  path: string;
  release: () => void;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * FLAC copies of files the browser cannot play (ALAC, AIFF), made once by ffmpeg and kept on disk,
 * so the stream route serves them like any file: byte ranges, seeking, a known length. The name
 * carries the source's mtime and size, so a changed source makes a new copy. One ffmpeg per copy
 * however many requests ask for it at once, each run in a slot of the app's pool; a copy being
 * served is never evicted, and the folder is brought back under its size after every copy and
 * every served copy's end (docs/decisions/library.md, Transcoding).
 */
export class TranscodeCache {
  private readonly running = new Map<string, Promise<string>>();
  /** copies being served: how many responses hold each */
  private readonly pinned = new Map<string, number>();
  /** copies being removed: a request for one waits for its removal, then makes it again */
  private readonly removing = new Map<string, Promise<void>>();
  /** the parts this cache's ffmpeg runs are writing now */
  private readonly writing = new Set<string>();
  private evicting: Promise<unknown> = Promise.resolve();
  private swept = false;
  readonly pool: FfmpegPool;
  /** ffmpeg runs started by this cache */
  transcodes = 0;

  constructor(private readonly options: TranscodeCacheOptions) {
    this.pool = options.pool ?? new FfmpegPool();
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The path of the FLAC copy of `source` (song `songId`), made now if it is not cached; not held (see lease). */
  async flacOf(songId: string, source: string, owner = ''): Promise<string> {
    const lease = await this.lease(songId, source, owner);
    lease.release();
    return lease.path;
  }

  /**
   * The FLAC copy of `source`, made now (in a pool slot waited for in `owner`'s queue, PoolBusyError
   * past the wait) if it is not cached, and held on disk until the lease is released.
   */
  async lease(songId: string, source: string, owner: string): Promise<CopyLease> {
    const info = await stat(source);
    const key = `${songId}-${Math.floor(info.mtimeMs)}-${info.size}`;
    let job = this.running.get(key);
    if (!job) {
      job = this.ensure(source, path.join(this.options.dir, `${key}.flac`), owner).finally(() => this.running.delete(key));
      this.running.set(key, job);
      // ensure answers the copy pinned; every lease waiting on the job pins it in its own next
      // turn, so that pin is let go only on the next macrotask, when all of them hold theirs
      job.then(
        (target) => setImmediate(() => this.unpin(target)),
        () => undefined,
      );
    }
    const target = await job;
    this.pin(target);
    let released = false;
    return {
      path: target,
      release: () => {
        if (released) return;
        released = true;
        this.unpin(target);
      },
    };
  }

  /** Removes the parts a killed server's ffmpeg left (evictCache.ts, removeDeadParts); start-up calls it. */
  async sweepParts(): Promise<number> {
    this.swept = true;
    return removeDeadParts(this.options.dir, (file) => this.writing.has(file));
  }

  /** The bytes in the cache folder now, copies being written included. */
  async sizeBytes(): Promise<number> {
    return evictCache(this.options.dir, Number.POSITIVE_INFINITY, () => true);
  }

  private pin(file: string): void {
    this.pinned.set(file, (this.pinned.get(file) ?? 0) + 1);
  }

  private unpin(file: string): void {
    const count = (this.pinned.get(file) ?? 1) - 1;
    if (count > 0) this.pinned.set(file, count);
    else {
      this.pinned.delete(file);
      // a copy kept past the limit while served goes now if the folder is still too full
      void this.evict().catch(() => undefined);
    }
  }

  /** The copy's path, pinned once for the leases waiting on it (lease hands that pin over). */
  private async ensure(source: string, target: string, owner: string): Promise<string> {
    for (;;) {
      await this.removing.get(target);
      const cached = await stat(target).catch(() => null);
      if (!cached?.isFile()) break;
      // an eviction chose it while it was looked at: wait for the removal and make it again
      if (this.removing.has(target)) continue;
      this.pin(target);
      // atime marks the last use for eviction; mtime stays, since the ETag is made from it
      await utimes(target, new Date(), cached.mtime).catch(() => undefined);
      return target;
    }
    await mkdir(this.options.dir, { recursive: true });
    if (!this.swept) await this.sweepParts();
    const release = await this.pool.acquire(owner, this.pool.settings.copyWaitMs);
    const part = `${target}.${process.pid}-${randomUUID()}.part`;
    this.writing.add(part);
    this.transcodes += 1;
    // kept from before it exists: an eviction running meanwhile never picks it
    this.pin(target);
    try {
      const { ffmpegPath = 'ffmpeg', spawn } = this.options;
      await transcodeToFlac(source, part, { ffmpegPath, timeoutMs: this.timeoutMs, spawn });
      await rename(part, target);
    } catch (error) {
      this.unpin(target);
      throw error;
    } finally {
      release();
      this.writing.delete(part);
      await rm(part, { force: true });
    }
    await this.evict();
    return target;
  }

  /** One eviction at a time, so two copies finishing together do not both count the same files. */
  private evict(): Promise<unknown> {
    const run = this.evicting.then(() =>
      evictCache(
        this.options.dir,
        this.options.maxBytes,
        (file) => this.pinned.has(file),
        (file) => this.remove(file),
      ),
    );
    this.evicting = run.catch(() => undefined);
    return run;
  }

  private remove(file: string): Promise<void> {
    const removal = rm(file, { force: true }).finally(() => this.removing.delete(file));
    this.removing.set(file, removal);
    return removal;
  }
}
