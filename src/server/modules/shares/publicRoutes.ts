import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ARTWORK_SIZES } from '../../../contract/artwork';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { PublicShareResponse, SHARE_MESSAGES, SHARE_PUBLIC_LIMIT, ShareArtworkParams, ShareIdParams, ShareTrackParams } from '../../../contract/shares';
import type { ShareRow } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { sendMediaFile } from '../../lib/http/sendFile';
import { RecentSongFiles } from '../../library/delivery/recentSongFiles';
import { sendSongFile } from '../../library/delivery/sendSongFile';
import { ffmpegAvailable } from '../../library/scan/ffmpeg';
import { durationSeconds } from '../../library/songs/toSong';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { publicOrigin } from '../../lib/http/publicOrigin';
import { downloadDisposition } from '../../lib/http/downloadDisposition';
import { liveShare, ownerName, sharedThing, sharedTracks, visitShare, type SharedTrack } from './repository';

/*
 * The public face of a share (docs/product.md §7.10), for visitors without an account. Every
 * request checks the share again: it exists, has not expired, is not revoked (deleted), and the
 * song asked for is one of the share's present songs now (a playlist's: those it holds now). Each
 * refusal is the same 404 `Share not found`, so an id cannot be probed; a bearer or a session
 * cookie changes nothing here, and no answer sets a cookie. Per-address limit: SHARE_PUBLIC_LIMIT.
 */

const tags = ['shares (public)'];
const notFound = () => new HttpError(404, SHARE_MESSAGES.notFound);

const ArtworkQuery = z.object({
  size: z.coerce
    .number()
    .refine((size) => (ARTWORK_SIZES as readonly number[]).includes(size))
    .default(300)
    .catch(300),
});

export const sharePrefix = (id: string) => `/api/public/shares/${encodeURIComponent(id)}`;
const trackPath = (id: string, songId: string, what: 'stream' | 'download') => `${sharePrefix(id)}/tracks/${songId}/${what}`;
const artworkPath = (id: string, hash: string | null) => (hash ? `${sharePrefix(id)}/artwork/${hash}` : null);

/** One limit per address over all the public routes together: a page plays a few dozen requests, a guesser thousands. */
const rateLimit = {
  ...SHARE_PUBLIC_LIMIT,
  keyGenerator: (request: FastifyRequest) => `share:${request.ip}`,
  errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
};

export const publicShareRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { now } = options;
  const at = () => new Date(now());
  const live = async (id: string): Promise<ShareRow> => {
    const share = await liveShare(app.db, id, at());
    if (!share) throw notFound();
    return share;
  };
  /** The one song of the share asked for, or 404: the check Navidrome's #5769 lacked. */
  const memberTrack = async (share: ShareRow, songId: string): Promise<SharedTrack> => {
    if (!z.uuid().safeParse(songId).success) throw notFound();
    const [track] = await sharedTracks(app.db, share, songId.toLowerCase());
    if (!track) throw notFound();
    return track;
  };
  // one handler, so one count per address whichever route is asked (a route's own config would count per route)
  app.addHook('onRequest', app.rateLimit(rateLimit));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  });

  infoRoute(app, options);
  mediaRoutes(app, live, memberTrack, options);

  const artworkSchema = { tags, params: ShareArtworkParams, querystring: ArtworkQuery, response: { 200: z.any(), ...errorResponses(404, 429) } };
  app.get('/public/shares/:id/artwork/:hash', { schema: artworkSchema }, async (request, reply) => {
    const share = await live(request.params.id);
    const { hash } = request.params;
    const thing = await sharedThing(app.db, share);
    const hashes = new Set((await sharedTracks(app.db, share)).map((t) => t.artworkHash));
    if (!thing || !(thing.artworkHash === hash || hashes.has(hash))) throw notFound();
    const image = await app.artwork.thumbnailOrFallback(hash, request.query.size);
    if (!image) throw notFound();
    return reply.type('image/jpeg').send(image.jpeg);
  });

  const m3uSchema = { tags, params: ShareIdParams, response: { 200: z.string(), ...errorResponses(404, 429) } };
  app.get('/public/shares/:id/playlist.m3u', { schema: m3uSchema }, async (request, reply) => {
    const share = await live(request.params.id);
    if (!(await sharedThing(app.db, share))) throw notFound();
    const origin = publicOrigin(options.config, request);
    const lines = ['#EXTM3U'];
    for (const track of await sharedTracks(app.db, share)) {
      lines.push(`#EXTINF:${durationSeconds(track.durationMs)},${oneLine(track.artist)} - ${oneLine(track.title)}`);
      lines.push(`${origin}${trackPath(share.id, track.id, 'stream')}`);
    }
    return reply
      .type('audio/x-mpegurl; charset=utf-8')
      .header('content-disposition', 'inline; filename="playlist.m3u"')
      .send(`${lines.join('\n')}\n`);
  });
};

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** The page's facts and track list; the one request that counts a visit. */
function infoRoute(app: ZodApp, { now }: ModuleOptions) {
  const schema = { tags, params: ShareIdParams, response: { 200: PublicShareResponse, ...errorResponses(404, 429) } };
  app.get('/public/shares/:id', { schema }, async (request) => {
    const share = await visitShare(app.db, request.params.id, new Date(now()));
    if (!share) throw notFound();
    const thing = await sharedThing(app.db, share);
    if (!thing) throw notFound();
    const tracks = await sharedTracks(app.db, share);
    return {
      success: true as const,
      share: {
        id: share.id,
        kind: share.kind,
        name: thing.name,
        description: share.description,
        owner: await ownerName(app.db, share.userId),
        expiresAt: share.expiresAt?.toISOString() ?? null,
        downloadable: share.downloadable,
        artworkUrl: artworkPath(share.id, thing.artworkHash ?? tracks.find((t) => t.artworkHash)?.artworkHash ?? null),
        playlistUrl: `${sharePrefix(share.id)}/playlist.m3u`,
        tracks: tracks.map((t) => ({
          id: t.id,
          title: t.title,
          artist: t.artist,
          album: t.album,
          duration: durationSeconds(t.durationMs),
          streamUrl: trackPath(share.id, t.id, 'stream'),
          downloadUrl: share.downloadable ? trackPath(share.id, t.id, 'download') : null,
          artworkUrl: artworkPath(share.id, t.artworkHash),
        })),
      },
    };
  });
}

/** The stream (Range, through the one song delivery) and the download of one song of the share. */
function mediaRoutes(
  app: ZodApp,
  live: (id: string) => Promise<ShareRow>,
  memberTrack: (share: ShareRow, songId: string) => Promise<SharedTrack>,
  { config: appConfig, ffmpegAvailable: hasFfmpeg = ffmpegAvailable }: ModuleOptions,
) {
  const files = new RecentSongFiles(app.db, appConfig);
  const unsubscribe = app.library.onFinished(() => files.forgetAll());
  app.addHook('onClose', async () => unsubscribe());
  const audio = z.any().describe('the audio file, or the byte range asked for (206)');
  const schema = { tags, params: ShareTrackParams, response: { 200: audio, 206: audio, 304: z.null(), ...errorResponses(404, 415, 416, 429, 503) } };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/public/shares/:id/tracks/:songId/stream',
    schema,
    handler: async (request, reply) => {
      const share = await live(request.params.id);
      const track = await memberTrack(share, request.params.songId);
      const { file, filePath } = await located(files, track.id, request);
      return sendSongFile(request, reply, file, { filePath, flacCopies: app.flacCopies, hasFfmpeg: hasFfmpeg(), owner: `share:${request.ip}` });
    },
  });

  app.get('/public/shares/:id/tracks/:songId/download', { schema }, async (request, reply) => {
    const share = await live(request.params.id);
    if (!share.downloadable) throw notFound();
    const track = await memberTrack(share, request.params.songId);
    const { file, filePath } = await located(files, track.id, request);
    reply.header('content-disposition', downloadDisposition(track, filePath));
    return sendMediaFile(request, reply, filePath, file.mimeType);
  });
}

/** The song's file; a song the share holds but whose file is gone is refused like the rest. */
async function located(files: RecentSongFiles, songId: string, request: FastifyRequest) {
  try {
    return await files.locate(songId, request.log);
  } catch (error) {
    files.forget(songId);
    if (error instanceof HttpError && error.statusCode === 404) throw notFound();
    throw error;
  }
}
