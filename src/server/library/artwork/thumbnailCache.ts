import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UnreadableImageError } from './unreadableImage';
import type { ThumbnailRenderer } from './renderThumbnail';

export interface ThumbnailCacheOptions {
  /** DATA_DIR/artwork */
  dir: string;
  render: ThumbnailRenderer;
  /** the source image of a hash, or null when it is gone */
  source: (hash: string) => Promise<Buffer | null>;
}

/**
 * Thumbnails on disk as <hash>-<size>.jpg, made on their first request and never again: a hash
 * names one image for ever. Written to a temporary name and renamed (a reader never sees half a
 * file); concurrent first requests for one thumbnail share one render.
 */
export class ThumbnailCache {
  private readonly pending = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly options: ThumbnailCacheOptions) {}

  fileOf(hash: string, size: number): string {
    return path.join(this.options.dir, `${hash}-${size}.jpg`);
  }

  /**
   * The JPEG of a hash at a size, or null when the hash names no image the library can read; throws
   * UnreadableImageError when its image is there but does not decode (nothing is cached for it).
   */
  async get(hash: string, size: number): Promise<Buffer | null> {
    const file = this.fileOf(hash, size);
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;
    const key = `${hash}-${size}`;
    let job = this.pending.get(key);
    if (!job) {
      job = this.make(hash, size, file).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  private async make(hash: string, size: number, file: string): Promise<Buffer | null> {
    const image = await this.options.source(hash);
    if (!image) return null;
    let jpeg: Buffer;
    try {
      jpeg = await this.options.render(image, size);
    } catch (error) {
      throw new UnreadableImageError(hash, error);
    }
    await mkdir(this.options.dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temporary, jpeg);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return jpeg;
  }
}
