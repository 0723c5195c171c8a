import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { SongLyricsResponse } from '../../../contract/lyrics';
import { MESSAGES } from '../../../contract/messages';
import { SongIdParams, SongResponse, SongsQuery, SongsResponse, SongStreamQuery, UploadLimitsResponse } from '../../../contract/songs';
import { HttpError } from '../../lib/httpError';
import { RecentSongFiles } from '../../library/delivery/recentSongFiles';
import { sendSongFile } from '../../library/delivery/sendSongFile';
import { ffmpegAvailable } from '../../library/scan/ffmpeg';
import { lyricsTracks } from '../../library/lyrics/songLyrics';
import { findPresentSongLyrics } from '../../library/songs/songQueries';
import { songReads, type SongReads } from '../../library/songs/songReads';
import { receiveUpload } from '../../library/upload/receiveUpload';
import { saveUpload } from '../../library/upload/saveUpload';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { decodeCursor, encodeCursor } from './cursor';
import { streamCookieAccess } from './streamAccess';
import { toSong, toSongs } from '../../library/songs/toSong';

const tags = ['songs'];

function listRoute(app: ZodApp, reads: SongReads) {
  const schema = { tags, querystring: SongsQuery, response: { 200: SongsResponse, ...errorResponses(400, 401) } };
  app.get('/songs', { preValidation: requireUser, schema }, async (request) => {
    const query = request.query;
    const rows = await reads.list({
      search: query.search,
      minDuration: query.minDuration,
      maxDuration: query.maxDuration,
      limit: query.limit,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > query.limit && last ? encodeCursor({ sortKey: last.sortKey, id: last.id }) : null;
    return { success: true as const, songs: toSongs(page), nextCursor };
  });
}

function oneRoute(app: ZodApp, reads: SongReads) {
  const schema = { tags, params: SongIdParams, response: { 200: SongResponse, ...errorResponses(401, 404) } };
  app.get('/songs/:id', { preValidation: requireUser, schema }, async (request) => {
    const row = await reads.song(request.params.id);
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return { success: true as const, song: toSong(row) };
  });
}

/** Every set of a present song's lyrics, synced first (docs/product.md §5.8); a missing song's are hidden with it. */
function lyricsRoute(app: ZodApp) {
  const schema = {
    tags,
    params: SongIdParams,
    description: "Every set of the song's lyrics (per language, synced or plain), synced sets first; an empty list when it has none.",
    response: { 200: SongLyricsResponse, ...errorResponses(400, 401, 404) },
  };
  // a malformed id is a client's mistake here (400), as the API documents it, not a song that is not there
  const config = { invalidParams: { status: 400, message: MESSAGES.songIdInvalid } };
  app.get('/songs/:id/lyrics', { preValidation: requireUser, schema, config }, async (request) => {
    const { id } = request.params;
    const lyrics = await findPresentSongLyrics(app.db, id);
    if (lyrics === undefined) throw new HttpError(404, MESSAGES.songNotFound);
    return { success: true as const, songId: id, lyrics: lyricsTracks(lyrics) };
  });
}

/**
 * The audio of a song, through the library's delivery (library/delivery/sendSongFile.ts). Bearer
 * for API clients; the audio element sends the session's stream cookie, its check remembered for a
 * few seconds (streamAccess.ts).
 */
function streamRoute(app: ZodApp, { config, now, ffmpegAvailable: hasFfmpeg = ffmpegAvailable }: ModuleOptions) {
  const files = new RecentSongFiles(app.db, config);
  const unsubscribe = app.library.onFinished(() => files.forgetAll());
  app.addHook('onClose', async () => unsubscribe());
  const streamCookieAllowed = streamCookieAccess(app, now);
  const audio = z.any().describe('the audio file, or the byte range asked for (206)');
  const schema = {
    tags,
    params: SongIdParams,
    querystring: SongStreamQuery,
    response: { 200: audio, 206: audio, 304: z.null(), ...errorResponses(400, 401, 404, 415, 416, 503) },
  };
  app.route({
    method: ['GET', 'HEAD'],
    url: '/songs/stream/:id',
    schema,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { maxBitRate } = request.query;
      if (!request.user) {
        if (!(await streamCookieAllowed(request))) throw new HttpError(401, MESSAGES.authenticationRequired);
      }
      const { file, filePath } = await files.locate(id, request.log);
      try {
        return await sendSongFile(request, reply, file, {
          filePath,
          flacCopies: app.flacCopies,
          hasFfmpeg: hasFfmpeg(),
          owner: request.user?.id ?? request.ip,
          // a smaller copy to keep (maxBitRate): MP3 made live, as Subsonic's stream makes it
          live: maxBitRate ? { asked: () => ({ format: undefined, maxBitRate }), transcodes: app.liveTranscodes } : undefined,
        });
      } catch (error) {
        files.forget(id);
        throw error;
      }
    },
  });
}

/** multipart: song (any format of the library, by its bytes), optional title and artist overrides; docs/product.md §5.4 */
function uploadRoute(app: ZodApp, { config, ffmpegAvailable: hasFfmpeg = ffmpegAvailable }: ModuleOptions) {
  const schema = {
    tags,
    consumes: ['multipart/form-data'],
    description:
      'multipart/form-data with `song` (MP3, FLAC, Ogg Vorbis, Opus, M4A/MP4 AAC or ALAC, WAV or AIFF, at most MAX_UPLOAD_MB) and optional `title` and `artist` overriding its tags. One file per request. Admins only.',
    response: { 201: SongResponse, ...errorResponses(400, 401, 403, 413, 415) },
  };
  app.post('/songs/upload', { preValidation: requireAdmin(MESSAGES.onlyAdminsUpload), schema }, async (request, reply) => {
    const user = currentUser(request);
    const upload = await receiveUpload(request, { mediaDir: config.mediaDir, maxUploadBytes: config.maxUploadBytes, hasFfmpeg: hasFfmpeg() });
    const row = await saveUpload(app.db, upload, user.id, request.log);
    request.log.info({ songId: row.id, bytes: upload.track.file.size, codec: upload.playability.codec }, 'track uploaded');
    return reply.status(201).send({ success: true, song: toSong(row) });
  });
}

/** The limits the upload dialog checks a file against before sending it (docs/product.md §5.4); the upload checks them again. */
function uploadLimitsRoute(app: ZodApp, { config }: ModuleOptions) {
  const schema = {
    tags,
    description: 'The upload limits in force: `maxUploadBytes` is MAX_UPLOAD_MB in bytes. Admins only, as uploading is.',
    response: { 200: UploadLimitsResponse, ...errorResponses(401, 403) },
  };
  app.get('/songs/upload', { preValidation: requireAdmin(MESSAGES.onlyAdminsUpload), schema }, async () => ({
    success: true as const,
    maxUploadBytes: config.maxUploadBytes,
  }));
}

export const songRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const reads = songReads(app.db);
  listRoute(app, reads);
  oneRoute(app, reads);
  lyricsRoute(app);
  streamRoute(app, options);
  uploadRoute(app, options);
  uploadLimitsRoute(app, options);
};
