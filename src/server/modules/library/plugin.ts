import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { LibraryScanService } from './scanService';

declare module 'fastify' {
  interface FastifyInstance {
    /** The library scanner of this app (docs/product.md §5.7): the scan routes and start-up use it. */
    library: LibraryScanService;
  }
}

/** Decorates the app with its library scanner; a running scan is stopped when the app closes. */
export const libraryPlugin = fp<{ config: Config; now: () => number; ffmpegAvailable?: () => boolean }>(
  async (app, { config, now, ffmpegAvailable }) => {
    const library = new LibraryScanService({ database: app.database, roots: config.musicDirs, log: app.log, now, ffmpegAvailable });
    app.decorate('library', library);
    app.addHook('onClose', () => library.close());
  },
  { name: 'library', dependencies: ['database'] },
);
