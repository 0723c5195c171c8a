import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { TranscodeCache } from '../../../library/transcode/transcodeCache';

const caches = new WeakMap<FastifyInstance, TranscodeCache>();

/**
 * The FLAC copies of ALAC and AIFF songs, in the same DATA_DIR/transcode folder as the web app's
 * stream route: a copy either made is served by both (copies are renamed into place whole).
 */
export function flacCopies(app: FastifyInstance, config: Config): TranscodeCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = new TranscodeCache({ dir: path.join(config.dataDir, 'transcode'), maxBytes: config.transcodeCacheBytes });
    caches.set(app, cache);
  }
  return cache;
}
