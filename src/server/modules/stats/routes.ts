import type { FastifyPluginAsync } from 'fastify';
import {
  DailyPlaysQuery,
  IncrementPlayBody,
  StatsListQuery,
  StatsSongParams,
  UserHistoryQuery,
  type DailyPlaysResponse,
  type GlobalStatsResponse,
  type IncrementPlayResponse,
  type RankedSongsResponse,
  type RecentlyPlayedResponse,
  type SongStatsResponse,
  type TrendingResponse,
  type UserHistoryResponse,
} from '../../../contract/stats';
import { parseInput } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import { parseIdParams, SONG_NOT_FOUND } from '../liked/service';
import type { ModuleOptions } from '../moduleOptions';
import { toSongs, type SongSource } from '../songs/toSong';
import { dailyPlays, globalStats, mostPlayed, recentlyPlayed, recordPlay, songStats, topCharts, trending, userHistory } from './service';

/** DESIGN.md "Stats" on SPEC §7's paths. Fixed paths are declared before /stats/:id. */
export const statsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { now }) => {
  app.addHook('preHandler', requireUser);

  /** Rows carrying a `song` get it as an API Song. */
  function withSongs<T extends { song: SongSource }>(rows: T[]) {
    const list = toSongs(rows.map((r) => r.song));
    return rows.map((r, i) => ({ ...r, song: list[i] }));
  }

  app.get('/stats/most-played', async (request): Promise<RankedSongsResponse> => {
    const { limit } = parseInput(StatsListQuery, request.query);
    return { success: true, songs: withSongs(await mostPlayed(app.db, limit)) };
  });

  app.get('/stats/recently-played', async (request): Promise<RecentlyPlayedResponse> => {
    const user = currentUser(request);
    const { limit } = parseInput(StatsListQuery, request.query);
    return { success: true, songs: withSongs(await recentlyPlayed(app.db, user.id, limit)) };
  });

  app.get('/stats/top-charts', async (request): Promise<RankedSongsResponse> => {
    const { limit } = parseInput(StatsListQuery, request.query);
    return { success: true, songs: withSongs(await topCharts(app.db, new Date(now()), limit)) };
  });

  app.get('/stats/trending', async (request): Promise<TrendingResponse> => {
    const { limit } = parseInput(StatsListQuery, request.query);
    return { success: true, songs: withSongs(await trending(app.db, new Date(now()), limit)) };
  });

  app.get('/stats/user-history', async (request): Promise<UserHistoryResponse> => {
    const user = currentUser(request);
    const { page, limit } = parseInput(UserHistoryQuery, request.query);
    const { rows, total } = await userHistory(app.db, user.id, page, limit);
    const history = withSongs(rows).map((r) => ({ ...r, playedAt: r.playedAt.toISOString() }));
    return { success: true, history, page, limit, total, hasMore: page * limit < total };
  });

  app.get('/stats/global', async (): Promise<GlobalStatsResponse> => ({ success: true, stats: await globalStats(app.db) }));

  app.get('/stats/daily', async (request): Promise<DailyPlaysResponse> => {
    const user = currentUser(request);
    const { days, tzOffset } = parseInput(DailyPlaysQuery, request.query);
    return { success: true, days: await dailyPlays(app.db, user.id, new Date(now()), days, tzOffset) };
  });

  app.post('/stats/:id/increment-play', async (request): Promise<IncrementPlayResponse> => {
    const user = currentUser(request);
    const { id } = parseIdParams(StatsSongParams, request.params, SONG_NOT_FOUND);
    const { source } = parseInput(IncrementPlayBody, request.body);
    return { success: true, ...(await recordPlay(app.db, user.id, id, source, new Date(now()))) };
  });

  app.get('/stats/:id', async (request): Promise<SongStatsResponse> => {
    const user = currentUser(request);
    const { id } = parseIdParams(StatsSongParams, request.params, SONG_NOT_FOUND);
    return { success: true, stats: await songStats(app.db, user.id, id) };
  });
};
