import { z } from 'zod';
import type { Song } from './songs';

export const STATS_LIST_MAX = 100;
export const USER_HISTORY_PAGE_SIZE = 20;
export const DAILY_PLAYS_DAYS = 14;
export const CHART_WINDOW_DAYS = 7;

export const PLAY_SOURCES = ['library', 'search', 'liked', 'playlist', 'radio', 'home', 'player', 'music-box'] as const;
export type PlaySourceName = (typeof PLAY_SOURCES)[number];

export const IncrementPlayBody = z.object({ source: z.enum(PLAY_SOURCES).default('library') });
export const StatsSongParams = z.object({ id: z.uuid('Song not found') });
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

export interface IncrementPlayResponse {
  success: true;
  /** false when the same user played the same song less than 30 s ago */
  counted: boolean;
  playCount: number;
}
export interface SongStats {
  songId: string;
  playCount: number;
  uniqueListeners: number;
  /** the caller's own plays */
  userPlayCount: number;
  lastPlayedAt: string | null;
}
export interface SongStatsResponse {
  success: true;
  stats: SongStats;
}
export interface RankedSong {
  song: Song;
  playCount: number;
}
export interface TrendingSong extends RankedSong {
  /** plays in the 7 days before the last 7 */
  previousPlayCount: number;
  /** playCount - previousPlayCount */
  change: number;
}
export interface RecentSong {
  song: Song;
  lastPlayedAt: string;
}
export interface RankedSongsResponse {
  success: true;
  songs: RankedSong[];
}
export interface TrendingResponse {
  success: true;
  songs: TrendingSong[];
}
export interface RecentlyPlayedResponse {
  success: true;
  songs: RecentSong[];
}
export interface HistoryEntry {
  id: number;
  playedAt: string;
  source: string;
  song: Song;
}
export interface UserHistoryResponse {
  success: true;
  history: HistoryEntry[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}
export interface GlobalStats {
  totalSongs: number;
  totalUsers: number;
  totalPlays: number;
  totalMinutesPlayed: number;
}
export interface GlobalStatsResponse {
  success: true;
  stats: GlobalStats;
}
export interface DailyPlays {
  /** the local day, YYYY-MM-DD */
  date: string;
  plays: number;
}
export interface DailyPlaysResponse {
  success: true;
  days: DailyPlays[];
}
