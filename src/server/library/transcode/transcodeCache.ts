import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { evictCache, removeStaleParts } from './evictCache';
import { transcodeToFlac } from './runFfmpeg';

export interface TranscodeCacheOptions {
  /** DATA_DIR/transcode */
  dir: string;
  /** TRANSCODE_CACHE_MB in bytes: beyond it the least recently served files go */
  maxBytes: number;
  ffmpegPath?: string;
  /** an ffmpeg run longer than this is killed; a 3-minute track takes about a second here */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * FLAC copies of files the browser cannot play (ALAC, AIFF), made once by ffmpeg and kept on disk,
 * so the stream route serves them like any file: byte ranges, seeking, a known length. The name
 * carries the source's mtime and size, so a changed source makes a new copy. One ffmpeg per copy
 * however many requests ask for it at once (docs/decisions/library.md, Transcoding).
 */
export class TranscodeCache {
  private readonly running = new Map<string, Promise<string>>();
  private swept = false;
  /** ffmpeg runs started by this cache */
  transcodes = 0;

  constructor(private readonly options: TranscodeCacheOptions) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The path of the FLAC copy of `source` (song `songId`), made now if it is not cached. */
  async flacOf(songId: string, source: string): Promise<string> {
    const info = await stat(source);
    const key = `${songId}-${Math.floor(info.mtimeMs)}-${info.size}`;
    let job = this.running.get(key);
    if (!job) {
      job = this.ensure(source, path.join(this.options.dir, `${key}.flac`)).finally(() => this.running.delete(key));
      this.running.set(key, job);
    }
    return job;
  }

  private async ensure(source: string, target: string): Promise<string> {
    const cached = await stat(target).catch(() => null);
    if (cached?.isFile()) {
      // atime marks the last use for eviction; mtime stays, since the ETag is made from it
      await utimes(target, new Date(), cached.mtime).catch(() => undefined);
      return target;
    }
    await mkdir(this.options.dir, { recursive: true });
    if (!this.swept) {
      this.swept = true;
      await removeStaleParts(this.options.dir, 2 * this.timeoutMs);
    }
    const part = `${target}.${randomUUID()}.part`;
    this.transcodes += 1;
    try {
      await transcodeToFlac(source, part, { ffmpegPath: this.options.ffmpegPath ?? 'ffmpeg', timeoutMs: this.timeoutMs });
      await rename(part, target);
    } finally {
      await rm(part, { force: true });
    }
    await evictCache(this.options.dir, this.options.maxBytes, target);
    return target;
  }
}
