import type { FastifyPluginAsync } from 'fastify';
import {
  AddPlaylistSongBody,
  CreatePlaylistBody,
  PLAYLIST_MESSAGES,
  PlaylistIdParams,
  PlaylistListQuery,
  PlaylistSongParams,
  UpdatePlaylistBody,
  type PlaylistResponse,
  type PlaylistSongChangeResponse,
  type PlaylistsResponse,
} from '../../../contract/playlists';
import { HttpError, parseInput } from '../../lib/httpError';
import { CoverStore } from '../../media/covers/coverStore';
import { currentUser, requireUser } from '../../plugins/auth';
import { parseIdParams } from '../liked/service';
import type { ModuleOptions } from '../moduleOptions';
import { readPlaylistForm } from './form';
import {
  addSong,
  coverKey,
  createPlaylist,
  deletePlaylist,
  listPlaylists,
  ownedPlaylist,
  playlistDetail,
  removeSong,
  updatePlaylist,
} from './service';

/** SPEC §7 "Playlists": private to their owner; another user's playlist answers 404. */
export const playlistRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { config, now }) => {
  const covers = new CoverStore(config.mediaDir);
  const idOf = (params: unknown) => parseIdParams(PlaylistIdParams, params, PLAYLIST_MESSAGES.notFound).id;

  app.get('/playlists', { preHandler: requireUser }, async (request): Promise<PlaylistsResponse> => {
    const user = currentUser(request);
    const { limit, offset } = parseInput(PlaylistListQuery, request.query);
    return { success: true, ...(await listPlaylists(app.db, user.id, limit, offset)) };
  });

  app.post('/playlists', { preHandler: requireUser }, async (request, reply): Promise<PlaylistResponse> => {
    const user = currentUser(request);
    const form = await readPlaylistForm(request);
    const input = parseInput(CreatePlaylistBody, form.fields);
    const coverPath = form.cover ? await covers.save(form.cover.bytes, form.cover.mime) : null;
    try {
      const row = await createPlaylist(app.db, user.id, { ...input, coverPath, coverMime: form.cover?.mime ?? null }, new Date(now()));
      reply.status(201);
      return { success: true, playlist: await playlistDetail(app.db, row), message: PLAYLIST_MESSAGES.created };
    } catch (error) {
      await covers.remove(coverPath);
      throw error;
    }
  });

  app.get('/playlists/:id', { preHandler: requireUser }, async (request): Promise<PlaylistResponse> => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    return { success: true, playlist: await playlistDetail(app.db, row) };
  });

  /** Name, description and (multipart) a new cover; fields left out stay as they are. */
  app.put('/playlists/:id', { preHandler: requireUser }, async (request): Promise<PlaylistResponse> => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    const form = await readPlaylistForm(request);
    const input = parseInput(UpdatePlaylistBody, form.fields);
    const coverPath = form.cover ? await covers.save(form.cover.bytes, form.cover.mime) : null;
    try {
      const updated = await updatePlaylist(
        app.db,
        row,
        { ...input, ...(form.cover ? { coverPath, coverMime: form.cover.mime } : {}) },
        new Date(now()),
      );
      if (form.cover) await covers.remove(row.coverPath);
      return { success: true, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
    } catch (error) {
      await covers.remove(coverPath);
      throw error;
    }
  });

  app.delete('/playlists/:id', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    await deletePlaylist(app.db, row);
    await covers.remove(row.coverPath);
    return { success: true, message: PLAYLIST_MESSAGES.deleted };
  });

  app.put('/playlists/:id/cover', { preHandler: requireUser }, async (request): Promise<PlaylistResponse> => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    const form = await readPlaylistForm(request);
    if (!form.cover) throw new HttpError(400, PLAYLIST_MESSAGES.coverType);
    const coverPath = await covers.save(form.cover.bytes, form.cover.mime);
    try {
      const updated = await updatePlaylist(app.db, row, { coverPath, coverMime: form.cover.mime }, new Date(now()));
      await covers.remove(row.coverPath);
      return { success: true, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
    } catch (error) {
      await covers.remove(coverPath);
      throw error;
    }
  });

  app.delete('/playlists/:id/cover', { preHandler: requireUser }, async (request): Promise<PlaylistResponse> => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    const updated = await updatePlaylist(app.db, row, { coverPath: null, coverMime: null }, new Date(now()));
    await covers.remove(row.coverPath);
    return { success: true, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
  });

  /**
   * The cover image. An <img> sends no bearer token, so the URL in coverImage carries the cover's
   * random file id (?k=) as its capability; the owner's bearer token works too. The URL changes
   * whenever the cover does, so a keyed answer is cached as immutable.
   */
  app.get('/playlists/:id/cover', async (request, reply) => {
    const id = idOf(request.params);
    const key = (request.query as { k?: unknown }).k;
    const [row] = await app.db.query.playlists.findMany({
      where: (p, { eq }) => eq(p.id, id),
      columns: { userId: true, coverPath: true, coverMime: true },
      limit: 1,
    });
    const stored = coverKey(row?.coverPath ?? null);
    const keyed = typeof key === 'string' && stored !== null && key === stored;
    if (!row || !row.coverPath || !row.coverMime || !(keyed || request.user?.id === row.userId)) {
      throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
    }
    const etag = `"${stored}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', keyed ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const bytes = await covers.read(row.coverPath).catch(() => null);
    if (!bytes) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
    return reply.type(row.coverMime).send(bytes);
  });

  app.post('/playlists/:id/songs', { preHandler: requireUser }, async (request): Promise<PlaylistSongChangeResponse> => {
    const user = currentUser(request);
    const row = await ownedPlaylist(app.db, user.id, idOf(request.params));
    const { songId } = parseInput(AddPlaylistSongBody, request.body);
    return { success: true, changed: await addSong(app.db, row, songId, new Date(now())) };
  });

  app.delete('/playlists/:id/songs/:songId', { preHandler: requireUser }, async (request): Promise<PlaylistSongChangeResponse> => {
    const user = currentUser(request);
    const { id, songId } = parseIdParams(PlaylistSongParams, request.params, PLAYLIST_MESSAGES.notFound);
    const row = await ownedPlaylist(app.db, user.id, id);
    return { success: true, changed: await removeSong(app.db, row, songId, new Date(now())) };
  });
};
