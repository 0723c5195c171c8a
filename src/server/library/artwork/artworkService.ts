import path from 'node:path';
import type { Db } from '../../db/open';
import { readArtworkSource, type SourceDirs } from './artworkSource';
import { fallbackOf, isArtworkBroken, markArtworkBroken } from './brokenArtwork';
import { ARTWORK_HASH } from './hashes';
import { renderThumbnail, type ThumbnailRenderer } from './renderThumbnail';
import { ThumbnailCache } from './thumbnailCache';
import { UnreadableImageError } from './unreadableImage';

export interface ArtworkServiceOptions extends SourceDirs {
  db: Db;
  dataDir: string;
  render?: ThumbnailRenderer;
  /** told once for each picture that failed to render and was marked broken */
  onBroken?: (error: UnreadableImageError) => void;
}

/** A thumbnail, and the hash it was made from: another than the one asked for when that one's picture is broken. */
export interface Thumbnail {
  jpeg: Buffer;
  hash: string;
}

/** How many broken pictures in a row one request falls back past (embedded, folder image, generated cover). */
const FALLBACKS = 3;

/** The thumbnails of artwork hashes (docs/decisions/library.md, Artwork): lazily made, cached in DATA_DIR/artwork. */
export class ArtworkService {
  readonly cache: ThumbnailCache;
  private readonly db: Db;
  private readonly onBroken: (error: UnreadableImageError) => void;

  constructor(options: ArtworkServiceOptions) {
    const { db, musicDirs, mediaDir } = options;
    this.db = db;
    this.onBroken = options.onBroken ?? (() => undefined);
    this.cache = new ThumbnailCache({
      dir: path.join(options.dataDir, 'artwork'),
      render: options.render ?? renderThumbnail,
      source: (hash) => readArtworkSource(db, { musicDirs, mediaDir }, hash),
    });
  }

  /** The JPEG of a hash at a size; null for a hash no library image has. */
  async thumbnail(hash: string, size: number): Promise<Buffer | null> {
    return (await this.thumbnailOrFallback(hash, size))?.jpeg ?? null;
  }

  /**
   * The thumbnail of a hash. A picture that does not decode is marked broken at its first failed
   * render (markArtworkBroken) and never decoded again: it, and any later request for it, is answered
   * with the thumbnail of what its album shows instead. Null for a hash no library image has (or a
   * broken one with nothing to fall back to), never an error for a broken image.
   */
  async thumbnailOrFallback(hash: string, size: number, depth = 0): Promise<Thumbnail | null> {
    if (!ARTWORK_HASH.test(hash)) return null;
    if (await isArtworkBroken(this.db, hash)) return this.fallback(hash, size, depth);
    try {
      const jpeg = await this.cache.get(hash, size);
      return jpeg ? { jpeg, hash } : null;
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      await markArtworkBroken(this.db, hash, error.message);
      this.onBroken(error);
      return this.fallback(hash, size, depth);
    }
  }

  private async fallback(hash: string, size: number, depth: number): Promise<Thumbnail | null> {
    const next = depth < FALLBACKS ? await fallbackOf(this.db, hash) : null;
    return next ? this.thumbnailOrFallback(next, size, depth + 1) : null;
  }
}
