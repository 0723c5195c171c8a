import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Config } from './config';
import type { Database } from './db/open';
import { authRoutes } from './modules/auth/routes';
import { createTokenService } from './modules/auth/tokens';
import { bearerCheck } from './modules/auth/bearerCheck';
import { artworkPlugin } from './modules/artwork/plugin';
import { artworkRoutes } from './modules/artwork/routes';
import { browseRoutes } from './modules/browse/routes';
import { libraryPlugin } from './modules/library/plugin';
import { libraryRoutes } from './modules/library/routes';
import { likedRoutes } from './modules/liked/routes';
import { bookmarkRoutes } from './modules/bookmarks/routes';
import type { ModuleOptions } from './modules/moduleOptions';
import { metricsPlugin } from './modules/metrics/plugin';
import { musicBoxRoutes } from './modules/musicbox/routes';
import { drainPlugin } from './modules/operations/drain';
import { operationsRoutes } from './modules/operations/routes';
import { playlistRoutes } from './modules/playlists/routes';
import { profileRoutes } from './modules/profile/routes';
import { radioPlugin } from './modules/radio/plugin';
import { radioRoutes } from './modules/radio/routes';
import { radioStreamAccessPlugin } from './modules/radio/stream/access/plugin';
import { radioStreamAccessRoutes } from './modules/radio/stream/access/routes';
import { radioStreamPlugin, type RadioStreamPluginOptions } from './modules/radio/stream/plugin';
import { publicShareRoutes } from './modules/shares/publicRoutes';
import { shareRoutes } from './modules/shares/routes';
import { songRoutes } from './modules/songs/routes';
import { statsRoutes } from './modules/stats/routes';
import { scrobblePlugin, type ScrobblePluginOptions } from './modules/scrobble/plugin';
import { scrobbleRoutes } from './modules/scrobble/routes';
import { lastfmRoutes } from './modules/scrobble/lastfmRoutes';
import { subsonicAccessRoutes } from './modules/subsonic/access/routes';
import { subsonicRoutes } from './modules/subsonic/routes';
import { authPlugin } from './plugins/auth';
import { chunkPoolPlugin } from './plugins/chunkPool';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/inputGuard';
import { addressLimitOptions } from './lib/addressLimitStore';
import { fastifyTrustProxy } from './lib/trustProxy';
import { frameworkErrors } from './lib/frameworkErrors';
import { apiReferencePlugin } from './plugins/apiReference';
import { spaPlugin } from './plugins/spa';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { zodSchemasPlugin } from './plugins/zodSchemas';
import { ffmpegProbe } from './library/scan/ffmpeg';
import type { StatFs } from './lib/freeSpace';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** the clock, ms since the epoch; tests pass a fake one */
  now?: () => number;
  /** folder of the built client; null serves no SPA */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** close the database when the app closes */
  ownsDatabase?: boolean;
  /** whether ffmpeg runs here; tests force false (default: looked up once per app, ffmpegProbe) */
  ffmpegAvailable?: () => boolean;
  /** how /api/health looks at the free space (default fs.promises.statfs); tests fake a filling disk */
  statfs?: StatFs;
  /** the radio stream's source and authorizer (defaults: the station's scheduled tracks, and listen links or the public switch); tests pass their own */
  radioStream?: Omit<RadioStreamPluginOptions, 'config'>;
  /** scrobbling's HTTP client and sender interval; tests pass their own */
  scrobble?: Pick<ScrobblePluginOptions, 'fetch' | 'intervalMs'>;
}

/** The whole server as one Fastify instance: what index.ts listens with and tests inject into. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? Date.now;
  const hasFfmpeg = deps.ffmpegAvailable ?? ffmpegProbe();
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    frameworkErrors,
  });

  await app.register(securityHeadersPlugin, { https: deps.config.publicUrl?.startsWith('https:') ?? false });
  await app.register(errorsPlugin, { now });
  await app.register(chunkPoolPlugin);
  await app.register(drainPlugin);
  await app.register(zodSchemasPlugin);
  await app.register(apiReferencePlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { database: deps.database, closeOnShutdown: deps.ownsDatabase ?? false });
  const tokens = createTokenService(deps.jwtSecret, now);
  await app.register(authPlugin, { tokens, check: bearerCheck(tokens, now) });
  await app.register(rateLimit, addressLimitOptions(deps.database, app.log));
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 10 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(radioPlugin, { now });
  await app.register(radioStreamAccessPlugin, { serverSecret: deps.jwtSecret, now });
  await app.register(radioStreamPlugin, { config: deps.config, ...deps.radioStream });
  await app.register(scrobblePlugin, { config: deps.config, serverSecret: deps.jwtSecret, now, ...deps.scrobble });
  await app.register(libraryPlugin, { config: deps.config, now, ffmpegAvailable: hasFfmpeg });
  await app.register(artworkPlugin, { config: deps.config });
  // before the routes: its latency hook applies to the routes added after it
  await app.register(metricsPlugin, { token: deps.config.metricsToken });

  const moduleOptions: ModuleOptions = { config: deps.config, now, ffmpegAvailable: hasFfmpeg };
  await app.register(
    async (api) => {
      await api.register(operationsRoutes, { config: deps.config, now, statfs: deps.statfs });
      await api.register(authRoutes, moduleOptions);
      await api.register(songRoutes, moduleOptions);
      await api.register(playlistRoutes, moduleOptions);
      await api.register(likedRoutes, moduleOptions);
      await api.register(bookmarkRoutes, moduleOptions);
      await api.register(statsRoutes, moduleOptions);
      await api.register(scrobbleRoutes, moduleOptions);
      await api.register(lastfmRoutes, moduleOptions);
      await api.register(radioRoutes, moduleOptions);
      await api.register(radioStreamAccessRoutes, moduleOptions);
      await api.register(musicBoxRoutes, moduleOptions);
      await api.register(profileRoutes, moduleOptions);
      await api.register(libraryRoutes, moduleOptions);
      await api.register(browseRoutes, moduleOptions);
      await api.register(artworkRoutes, moduleOptions);
      await api.register(shareRoutes, moduleOptions);
      await api.register(publicShareRoutes, moduleOptions);
      await api.register(subsonicAccessRoutes, { ...moduleOptions, serverSecret: deps.jwtSecret });
    },
    { prefix: '/api' },
  );
  await app.register(subsonicRoutes, { ...moduleOptions, serverSecret: deps.jwtSecret });

  await app.register(spaPlugin, { clientDir: deps.clientDir ?? null });
  return app;
}
