import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import {
  DailyPlaysQuery,
  DailyPlaysResponse,
  GlobalStatsResponse,
  IncrementPlayBody,
  IncrementPlayResponse,
  LATE_PLAY_MAX_AGE_DAYS,
  RankedSongsResponse,
  RecentlyPlayedResponse,
  SongStatsResponse,
  StatsListQuery,
  StatsSongParams,
  TrendingResponse,
  UserHistoryQuery,
  UserHistoryResponse,
} from '../../../contract/stats';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import type { SongSource } from '../../library/songs/songColumns';
import { toSongs } from '../../library/songs/toSong';
import { HttpError } from '../../lib/httpError';
import { dailyPlays, globalStats, mostPlayed, recentlyPlayed, recordPlay, recordPlayAt, songStats, topCharts, trending, userHistory } from './service';

const tags = ['stats'];

/** Rows carrying a `song` get it as an API Song. */
function withSongs<T extends { song: SongSource }>(rows: T[]) {
  const list = toSongs(rows.map((r) => r.song));
  return rows.map((r, i) => ({ ...r, song: list[i] }));
}

/** The song lists: most played of all time, this user's recent plays, this week's charts and risers. */
function listRoutes(app: ZodApp, now: () => number) {
  const list = <R>(response: R) => ({ tags, querystring: StatsListQuery, response: { 200: response, ...errorResponses(400, 401) } });
  app.get('/stats/most-played', { schema: list(RankedSongsResponse) }, async (request) => ({
    success: true as const,
    songs: withSongs(await mostPlayed(app.db, request.query.limit)),
  }));
  app.get('/stats/recently-played', { schema: list(RecentlyPlayedResponse) }, async (request) => ({
    success: true as const,
    songs: withSongs(await recentlyPlayed(app.db, currentUser(request).id, request.query.limit)),
  }));
  app.get('/stats/top-charts', { schema: list(RankedSongsResponse) }, async (request) => ({
    success: true as const,
    songs: withSongs(await topCharts(app.db, new Date(now()), request.query.limit)),
  }));
  app.get('/stats/trending', { schema: list(TrendingResponse) }, async (request) => ({
    success: true as const,
    songs: withSongs(await trending(app.db, new Date(now()), request.query.limit)),
  }));
}

/** The user's own listening: history pages and plays per local day; and the totals of the library. */
function historyRoutes(app: ZodApp, now: () => number) {
  const historySchema = { tags, querystring: UserHistoryQuery, response: { 200: UserHistoryResponse, ...errorResponses(400, 401) } };
  app.get('/stats/user-history', { schema: historySchema }, async (request) => {
    const { page, limit } = request.query;
    const { rows, total } = await userHistory(app.db, currentUser(request).id, page, limit);
    const history = withSongs(rows).map((r) => ({ ...r, playedAt: r.playedAt.toISOString() }));
    return { success: true as const, history, page, limit, total, hasMore: page * limit < total };
  });

  app.get('/stats/global', { schema: { tags, response: { 200: GlobalStatsResponse, ...errorResponses(401) } } }, async () => ({
    success: true as const,
    stats: await globalStats(app.db),
  }));

  const dailySchema = { tags, querystring: DailyPlaysQuery, response: { 200: DailyPlaysResponse, ...errorResponses(400, 401) } };
  app.get('/stats/daily', { schema: dailySchema }, async (request) => {
    const { days, tzOffset } = request.query;
    return { success: true as const, days: await dailyPlays(app.db, currentUser(request).id, new Date(now()), days, tzOffset) };
  });
}

/** A play sent late keeps its time: not in the future (a minute of clock skew allowed), not older than 30 days. */
function latePlayTime(playedAt: string, now: number): Date {
  const at = new Date(playedAt);
  if (at.getTime() > now + 60_000) throw new HttpError(400, 'playedAt: a play cannot be in the future');
  if (at.getTime() < now - LATE_PLAY_MAX_AGE_DAYS * 24 * 60 * 60 * 1000)
    throw new HttpError(400, `playedAt: a play older than ${LATE_PLAY_MAX_AGE_DAYS} days is not counted`);
  return at.getTime() > now ? new Date(now) : at;
}

/** One song: count a play of it, read its numbers. */
function songRoutes(app: ZodApp, now: () => number) {
  const playSchema = { tags, params: StatsSongParams, body: IncrementPlayBody, response: { 200: IncrementPlayResponse, ...errorResponses(400, 401, 404) } };
  app.post('/stats/:id/increment-play', { schema: playSchema }, async (request) => {
    const { source, playedAt } = request.body;
    const userId = currentUser(request).id;
    if (playedAt === undefined) return { success: true as const, ...(await recordPlay(app.db, userId, request.params.id, source, new Date(now()))) };
    return { success: true as const, ...(await recordPlayAt(app.db, userId, request.params.id, source, latePlayTime(playedAt, now()))) };
  });

  const statsSchema = { tags, params: StatsSongParams, response: { 200: SongStatsResponse, ...errorResponses(401, 404) } };
  app.get('/stats/:id', { schema: statsSchema }, async (request) => ({
    success: true as const,
    stats: await songStats(app.db, currentUser(request).id, request.params.id),
  }));
}

/** DESIGN.md "Stats" on docs/product.md §7's paths. Fixed paths are declared before /stats/:id. */
export const statsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  app.addHook('preValidation', requireUser);
  listRoutes(app, now);
  historyRoutes(app, now);
  songRoutes(app, now);
};
