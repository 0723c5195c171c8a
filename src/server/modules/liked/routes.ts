import type { FastifyPluginAsync } from 'fastify';
import { LikedListQuery, SongIdParams } from '../../../contract/liked';
import type { LikeCheckResponse, LikedIdsResponse, LikedSongsResponse, LikeToggleResponse } from '../../../contract/liked';
import { parseInput } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { toSongs } from '../songs/toSong';
import { isLiked, likedIds, listLiked, parseIdParams, SONG_NOT_FOUND, toggleLike } from './service';

/** SPEC §7 "Liked songs": every path is the signed-in user's own likes only. */
export const likedRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { now }) => {
  app.addHook('preHandler', requireUser);

  app.get('/liked-songs', async (request): Promise<LikedSongsResponse> => {
    const user = currentUser(request);
    const { limit, offset } = parseInput(LikedListQuery, request.query);
    const { rows, total } = await listLiked(app.db, user.id, limit, offset);
    const songList = toSongs(rows.map((r) => r.song));
    return {
      success: true,
      songs: rows.map((r, i) => ({ id: r.id, createdAt: r.createdAt.toISOString(), song: songList[i] })),
      total,
    };
  });

  app.get('/liked-songs/ids', async (request): Promise<LikedIdsResponse> => {
    const user = currentUser(request);
    return { success: true, songIds: await likedIds(app.db, user.id) };
  });

  app.get('/liked-songs/:id/check', async (request): Promise<LikeCheckResponse> => {
    const user = currentUser(request);
    const { id } = parseIdParams(SongIdParams, request.params, SONG_NOT_FOUND);
    return { success: true, liked: await isLiked(app.db, user.id, id) };
  });

  app.post('/liked-songs/:id/toggle', async (request): Promise<LikeToggleResponse> => {
    const user = currentUser(request);
    const { id } = parseIdParams(SongIdParams, request.params, SONG_NOT_FOUND);
    return { success: true, liked: await toggleLike(app.db, user.id, id, new Date(now())) };
  });
};
