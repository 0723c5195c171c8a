import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';
import { Song } from './songs';

export const STATS_LIST_MAX = 100;
const USER_HISTORY_PAGE_SIZE = 20;
const DAILY_PLAYS_DAYS = 14;
export const CHART_WINDOW_DAYS = 7;

export const PLAY_SOURCES = ['library', 'search', 'liked', 'playlist', 'radio', 'home', 'player', 'music-box'] as const;

/** How old a play sent late (made offline, docs/product.md §2.17) may be to still count. */
export const LATE_PLAY_MAX_AGE_DAYS = 30;
export const IncrementPlayBody = z.object({
  source: z.enum(PLAY_SOURCES).default('library'),
  /** when the play happened, for a play made offline and sent when the server answers again; absent: now */
  playedAt: z.iso.datetime({ offset: true, message: 'playedAt: not an ISO 8601 time' }).optional(),
});
export const StatsSongParams = z.object({ id: z.uuid(MESSAGES.songNotFound) });
export const StatsListQuery = z.object({ limit: z.coerce.number().int().min(1).max(STATS_LIST_MAX).default(10) });
export const UserHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(STATS_LIST_MAX).default(USER_HISTORY_PAGE_SIZE),
});
export const DailyPlaysQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(DAILY_PLAYS_DAYS),
  /** the browser's Date#getTimezoneOffset(), minutes; days are the listener's local days */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

export const IncrementPlayResponse = z.object({
  success: z.literal(true),
  /** false when the same user played the same song less than 30 s ago, or keeps no listening history */
  counted: z.boolean(),
  playCount: z.number(),
});
export type IncrementPlayResponse = z.infer<typeof IncrementPlayResponse>;

export const SongStats = z.object({
  songId: Id,
  playCount: z.number(),
  uniqueListeners: z.number(),
  /** the caller's own plays */
  userPlayCount: z.number(),
  lastPlayedAt: IsoTime.nullable(),
});
export type SongStats = z.infer<typeof SongStats>;
export const SongStatsResponse = z.object({ success: z.literal(true), stats: SongStats });
export type SongStatsResponse = z.infer<typeof SongStatsResponse>;

export const RankedSong = z.object({ song: Song, playCount: z.number() });
export type RankedSong = z.infer<typeof RankedSong>;
export const TrendingSong = RankedSong.extend({
  /** plays in the 7 days before the last 7 */
  previousPlayCount: z.number(),
  /** playCount - previousPlayCount */
  change: z.number(),
});
export type TrendingSong = z.infer<typeof TrendingSong>;
export const RecentSong = z.object({ song: Song, lastPlayedAt: IsoTime });
export type RecentSong = z.infer<typeof RecentSong>;

export const RankedSongsResponse = z.object({ success: z.literal(true), songs: z.array(RankedSong) });
export type RankedSongsResponse = z.infer<typeof RankedSongsResponse>;
export const TrendingResponse = z.object({ success: z.literal(true), songs: z.array(TrendingSong) });
export type TrendingResponse = z.infer<typeof TrendingResponse>;
export const RecentlyPlayedResponse = z.object({ success: z.literal(true), songs: z.array(RecentSong) });
export type RecentlyPlayedResponse = z.infer<typeof RecentlyPlayedResponse>;

export const HistoryEntry = z.object({ id: z.number(), playedAt: IsoTime, source: z.string(), song: Song });
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const UserHistoryResponse = z.object({
  success: z.literal(true),
  history: z.array(HistoryEntry),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type UserHistoryResponse = z.infer<typeof UserHistoryResponse>;

export const GlobalStats = z.object({ totalSongs: z.number(), totalUsers: z.number(), totalPlays: z.number(), totalMinutesPlayed: z.number() });
export type GlobalStats = z.infer<typeof GlobalStats>;
export const GlobalStatsResponse = z.object({ success: z.literal(true), stats: GlobalStats });
export type GlobalStatsResponse = z.infer<typeof GlobalStatsResponse>;

export const DailyPlays = z.object({
  /** the local day, YYYY-MM-DD */
  date: z.string(),
  plays: z.number(),
});
export type DailyPlays = z.infer<typeof DailyPlays>;
export const DailyPlaysResponse = z.object({ success: z.literal(true), days: z.array(DailyPlays) });
export type DailyPlaysResponse = z.infer<typeof DailyPlaysResponse>;
