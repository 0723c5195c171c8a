import { rm } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { SongIdParams, SongsQuery, type SongResponse, type SongsResponse } from '../../../contract/songs';
import { HttpError, parseInput } from '../../lib/httpError';
import { mediaFilePath } from '../../media/storage';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { isSessionAlive } from '../auth/sessions';
import { streamCookieClaims } from '../auth/streamCookie';
import type { ModuleOptions } from '../moduleOptions';
import { decodeCursor, encodeCursor } from './cursor';
import { findSong, insertSong, listSongs } from './repository';
import { toSong, toSongs } from './toSong';
import { songKeys } from './songKeys';
import { sendMediaFile } from './stream';
import { receiveUpload } from './upload';

/** A song id from the path, or a 404 (a malformed id names no song). */
function songIdOf(request: FastifyRequest): string {
  const parsed = SongIdParams.safeParse(request.params);
  if (!parsed.success) throw new HttpError(404, MESSAGES.notFound);
  return parsed.data.id;
}

const MAX_CACHED_FILES = 20_000;

export const songRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { config, now }) => {
  /** id -> file of songs streamed lately: songs never change their file, so a stream needs no query after the first. */
  const files = new Map<string, { name: string; mimeType: string }>();

  app.get('/songs', { preHandler: requireUser }, async (request): Promise<SongsResponse> => {
    const query = parseInput(SongsQuery, request.query);
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
    return { success: true, songs: toSongs(page), nextCursor };
  });

  app.get('/songs/:id', { preHandler: requireUser }, async (request): Promise<SongResponse> => {
    const row = await findSong(app.db, songIdOf(request));
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return { success: true, song: toSong(row) };
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/songs/stream/:id',
    handler: async (request, reply) => {
      const id = songIdOf(request);
      // Bearer for API clients; the audio element sends the session's stream cookie, checked against the database every time
      if (!request.user) {
        const claims = await streamCookieClaims(request, app.tokens);
        if (!claims || !(await isSessionAlive(app.db, claims.sessionId, new Date(now())))) {
          throw new HttpError(401, MESSAGES.authenticationRequired);
        }
      }
      let file = files.get(id);
      if (!file) {
        const row = await findSong(app.db, id);
        if (!row) throw new HttpError(404, MESSAGES.notFound);
        file = { name: row.path, mimeType: row.mimeType };
        if (files.size >= MAX_CACHED_FILES) files.clear();
        files.set(id, file);
      }
      const filePath = mediaFilePath(config.mediaDir, file.name);
      if (!filePath) {
        request.log.warn({ songId: id }, 'song path points outside MEDIA_DIR; refused');
        throw new HttpError(404, MESSAGES.notFound);
      }
      try {
        return await sendMediaFile(request, reply, filePath, file.mimeType);
      } catch (error) {
        files.delete(id);
        throw error;
      }
    },
  });

  app.post('/songs/upload', { preHandler: requireAdmin(MESSAGES.onlyAdminsUpload) }, async (request, reply) => {
    const user = currentUser(request);
    const upload = await receiveUpload(request, config.mediaDir);
    try {
      const row = await insertSong(app.db, {
        title: upload.title,
        artist: upload.artist,
        durationMs: upload.durationMs,
        path: upload.fileName,
        mimeType: upload.mimeType,
        sizeBytes: upload.sizeBytes,
        uploadedBy: user.id,
        ...songKeys(upload.title, upload.artist),
      });
      request.log.info({ songId: row.id, bytes: upload.sizeBytes }, 'track uploaded');
      const body: SongResponse = { success: true, song: toSong(row) };
      return reply.status(201).send(body);
    } catch (error) {
      await rm(upload.filePath, { force: true });
      throw error;
    }
  });
};
