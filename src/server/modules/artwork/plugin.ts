import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { ThumbnailRenderer } from '../../library/artwork/renderThumbnail';
import { ArtworkService } from '../../library/artwork/artworkService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Artwork thumbnails (docs/product.md §5.7): GET /api/artwork/:hash uses it. */
    artwork: ArtworkService;
  }
}

/** Decorates the app with its artwork service; `render` lets a test count the thumbnails made. */
export const artworkPlugin = fp<{ config: Config; render?: ThumbnailRenderer }>(
  async (app, { config, render }) => {
    const onBroken = (error: Error) => app.log.warn({ err: error }, 'artwork: a picture that does not decode is marked broken; its album falls back');
    app.decorate(
      'artwork',
      new ArtworkService({ db: app.db, dataDir: config.dataDir, musicDirs: config.musicDirs, mediaDir: config.mediaDir, render, onBroken }),
    );
  },
  { name: 'artwork', dependencies: ['database'] },
);
