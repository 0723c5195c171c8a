import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { FfmpegPool } from '../../library/transcode/ffmpegPool';
import { LiveTranscodes } from '../../library/transcode/liveTranscodes';
import { TranscodeCache } from '../../library/transcode/transcodeCache';
import { LibraryWatcher } from '../../library/watch/libraryWatcher';
import { LibraryScanService } from '../../library/scan/scanService';

declare module 'fastify' {
  interface FastifyInstance {
    /** The library scanner of this app (docs/product.md §5.7): the scan routes and start-up use it. */
    library: LibraryScanService;
    /** Watches MUSIC_DIR and rescans on change once started (start-up starts it when MUSIC_WATCH is on). */
    libraryWatcher: LibraryWatcher;
    /** The FLAC copies of ALAC and AIFF songs in DATA_DIR/transcode: one cache (and one size cap) for the web app's and the Subsonic API's streams; its pool runs every ffmpeg of the app. */
    flacCopies: TranscodeCache;
    /** The Subsonic stream's live transcodes running on this app (its admission check and the metrics read them). */
    liveTranscodes: LiveTranscodes;
  }
}

/** Decorates the app with its library scanner and watcher (both stop when the app closes), the FLAC copies' cache and the live transcodes' count. */
export const libraryPlugin = fp<{ config: Config; now: () => number; ffmpegAvailable?: () => boolean }>(
  async (app, { config, now, ffmpegAvailable }) => {
    const library = new LibraryScanService({ database: app.database, roots: config.musicDirs, log: app.log, now, ffmpegAvailable });
    const libraryWatcher = new LibraryWatcher({ roots: config.musicDirs, library, log: app.log });
    app.decorate('library', library);
    app.decorate('libraryWatcher', libraryWatcher);
    app.decorate(
      'flacCopies',
      new TranscodeCache({ dir: path.join(config.dataDir, 'transcode'), maxBytes: config.transcodeCacheBytes, pool: new FfmpegPool() }),
    );
    app.decorate('liveTranscodes', new LiveTranscodes());
    // together: the watcher stops asking while a running scan is aborted rather than waited for
    app.addHook('onClose', async () => {
      await Promise.all([libraryWatcher.close(), library.close()]);
    });
  },
  { name: 'library', dependencies: ['database'] },
);
