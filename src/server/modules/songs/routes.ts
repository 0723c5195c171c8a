import type { TranscodeCache } from '../../library/transcode/transcodeCache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { SongIdParams, SongResponse, SongsQuery, SongsResponse } from '../../../contract/songs';
import { HttpError } from '../../lib/httpError';
import { LruMap } from '../../lib/lruMap';
import { libraryFilePath } from '../../library/libraryFilePath';
import { ffmpegAvailable } from '../../library/scan/ffmpeg';
import { needsTranscode, TRANSCODED_MIME } from '../../library/transcode/formats';
import { transcodedFile } from '../../library/transcode/transcodedFile';
import { mediaFilePath } from '../../library/mediaDir';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { decodeCursor, encodeCursor } from './cursor';
import { findSong, listSongs } from '../../library/songs/songQueries';
import { saveUpload } from '../../library/upload/saveUpload';
import { sendMediaFile } from '../../lib/http/sendFile';
import { streamCookieAccess } from './streamAccess';
import { toSong, toSongs } from './toSong';
import { receiveUpload } from '../../library/upload/receiveUpload';

const tags = ['songs'];
const MAX_CACHED_FILES = 20_000;

function listRoute(app: ZodApp) {
  const schema = { tags, querystring: SongsQuery, response: { 200: SongsResponse, ...errorResponses(400, 401) } };
  app.get('/songs', { preValidation: requireUser, schema }, async (request) => {
    const query = request.query;
    const rows = await listSongs(app.db, {
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

function oneRoute(app: ZodApp) {
  const schema = { tags, params: SongIdParams, response: { 200: SongResponse, ...errorResponses(401, 404) } };
  app.get('/songs/:id', { preValidation: requireUser, schema }, async (request) => {
    const row = await findSong(app.db, request.params.id);
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return { success: true as const, song: toSong(row) };
  });
}

/**
 * The audio of a song, with Range support (lib/http/sendFile.ts). Bearer for API clients; the audio element
 * sends the session's stream cookie, its check remembered for a few seconds (streamAccess.ts).
 */
function streamRoute(app: ZodApp, { config, now, ffmpegAvailable: hasFfmpeg = ffmpegAvailable }: ModuleOptions) {
  /** id -> file of songs streamed lately, so a stream needs no query after the first; a scanned file that moved is looked up again. */
  const files = new LruMap<string, StreamFile>(MAX_CACHED_FILES);
  const streamCookieAllowed = streamCookieAccess(app, now);
  const fileOf = async (id: string) => {
    let file = files.get(id);
    if (!file) {
      const row = await findSong(app.db, id);
      if (!row) throw new HttpError(404, MESSAGES.notFound);
      file = {
        name: row.path,
        filePath: row.source === 'scan' ? row.filePath : null,
        mimeType: row.mimeType,
        codec: row.codec,
        unplayableReason: row.playable ? null : row.unplayableReason,
      };
      files.set(id, file);
    }
    return file;
  };
  const audio = z.any().describe('the audio file, or the byte range asked for (206)');
  const schema = { tags, params: SongIdParams, response: { 200: audio, 206: audio, 304: z.null(), ...errorResponses(401, 404, 415, 416) } };
  app.route({
    method: ['GET', 'HEAD'],
    url: '/songs/stream/:id',
    schema,
    handler: async (request, reply) => {
      const { id } = request.params;
      if (!request.user) {
        if (!(await streamCookieAllowed(request))) throw new HttpError(401, MESSAGES.authenticationRequired);
      }
      let file = await fileOf(id);
      let filePath = file.unplayableReason === null ? await streamFilePath(config, file) : null;
      if (!filePath) {
        // remembered before a rescan moved the file or made it playable: ask the database once more
        files.delete(id);
        file = await fileOf(id);
        if (file.unplayableReason !== null) {
          files.delete(id);
          throw new HttpError(415, file.unplayableReason);
        }
        filePath = await streamFilePath(config, file);
      }
      if (!filePath) {
        files.delete(id);
        request.log.warn({ songId: id }, 'song path points outside MEDIA_DIR or MUSIC_DIR, or is gone; refused');
        throw new HttpError(404, MESSAGES.notFound);
      }
      try {
        return await sendSongFile(request, reply, { id, file, filePath, cache: app.flacCopies, hasFfmpeg: hasFfmpeg() });
      } catch (error) {
        files.delete(id);
        throw error;
      }
    },
  });
}

/** The file as it is, or for ALAC and AIFF its FLAC copy made by ffmpeg (docs/decisions/library.md, Transcoding). */
async function sendSongFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { id, file, filePath, cache, hasFfmpeg }: { id: string; file: StreamFile; filePath: string; cache: TranscodeCache; hasFfmpeg: boolean },
) {
  if (!needsTranscode(file)) return sendMediaFile(request, reply, filePath, file.mimeType);
  const flac = await transcodedFile({ cache, hasFfmpeg, songId: id, codec: file.codec, sourcePath: filePath, log: request.log });
  return sendMediaFile(request, reply, flac, TRANSCODED_MIME);
}

interface StreamFile {
  name: string;
  /** scanned songs: the absolute path in a MUSIC_DIR root */
  filePath: string | null;
  mimeType: string;
  /** alac and AIFF's pcm are sent as FLAC made by ffmpeg (library/transcode) */
  codec: string | null;
  /** set for a file no browser can play here (ALAC/AIFF without ffmpeg): answered as 415, never sent */
  unplayableReason: string | null;
}

/** Uploads and the demo live directly in MEDIA_DIR; scanned files inside a MUSIC_DIR root, never elsewhere. */
async function streamFilePath(config: ModuleOptions['config'], file: StreamFile): Promise<string | null> {
  if (file.filePath !== null) return libraryFilePath(config.musicDirs, file.filePath);
  return mediaFilePath(config.mediaDir, file.name);
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
    const row = await saveUpload(app.db, upload, user.id);
    request.log.info({ songId: row.id, bytes: upload.track.file.size, codec: upload.playability.codec }, 'track uploaded');
    return reply.status(201).send({ success: true, song: toSong(row) });
  });
}

export const songRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  listRoute(app);
  oneRoute(app);
  streamRoute(app, options);
  uploadRoute(app, options);
};
