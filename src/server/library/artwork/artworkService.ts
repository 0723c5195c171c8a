import path from 'node:path';
import type { Db } from '../../db/open';
import { readArtworkSource, type SourceDirs } from './artworkSource';
import { ARTWORK_HASH } from './hashes';
import { renderThumbnail, type ThumbnailRenderer } from './renderThumbnail';
import { ThumbnailCache } from './thumbnailCache';

export interface ArtworkServiceOptions extends SourceDirs {
  db: Db;
  dataDir: string;
  render?: ThumbnailRenderer;
}

/** The thumbnails of artwork hashes (docs/decisions/library.md, Artwork): lazily made, cached in DATA_DIR/artwork. */
export class ArtworkService {
  readonly cache: ThumbnailCache;

  constructor(options: ArtworkServiceOptions) {
    const { db, musicDirs, mediaDir } = options;
    this.cache = new ThumbnailCache({
      dir: path.join(options.dataDir, 'artwork'),
      render: options.render ?? renderThumbnail,
      source: (hash) => readArtworkSource(db, { musicDirs, mediaDir }, hash),
    });
  }

  /** The JPEG of a hash at a size; null for a hash no library image has. */
  async thumbnail(hash: string, size: number): Promise<Buffer | null> {
    if (!ARTWORK_HASH.test(hash)) return null;
    return this.cache.get(hash, size);
  }
}
