import type {
  DailyPlaysResponse,
  GlobalStatsResponse,
  IncrementPlayResponse,
  RankedSongsResponse,
  RecentlyPlayedResponse,
  TrendingResponse,
  UserHistoryResponse,
} from '../../../contract/stats';
import { baseApi } from '../../api/baseApi';
import type { RequestArgs, TransportError } from '../../api/transport';

type BaseQuery = (args: RequestArgs | string) => unknown;

/** docs/product.md §7 Stats: a failed read answers an empty default instead of an error. */
function orEmpty<T>(args: RequestArgs | string, empty: T) {
  return async (_arg: unknown, _api: unknown, _extra: unknown, baseQuery: BaseQuery): Promise<{ data: T }> => {
    const result = (await baseQuery(args)) as { data?: unknown; error?: TransportError };
    return { data: result.error ? empty : (result.data as T) };
  };
}

const EMPTY_SONGS = { success: true as const, songs: [] };

export const statsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentlyPlayed: build.query<RecentlyPlayedResponse, number | void>({
      queryFn: (limit, api, extra, baseQuery) =>
        orEmpty({ url: '/stats/recently-played', params: { limit: limit ?? 10 } }, EMPTY_SONGS)(limit, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    getTopCharts: build.query<RankedSongsResponse, number | void>({
      queryFn: (limit, api, extra, baseQuery) =>
        orEmpty({ url: '/stats/top-charts', params: { limit: limit ?? 10 } }, EMPTY_SONGS)(limit, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    getTrending: build.query<TrendingResponse, number | void>({
      queryFn: (limit, api, extra, baseQuery) =>
        orEmpty({ url: '/stats/trending', params: { limit: limit ?? 10 } }, EMPTY_SONGS)(limit, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    getMostPlayed: build.query<RankedSongsResponse, number | void>({
      queryFn: (limit, api, extra, baseQuery) =>
        orEmpty({ url: '/stats/most-played', params: { limit: limit ?? 10 } }, EMPTY_SONGS)(limit, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    getUserHistory: build.query<UserHistoryResponse, { page: number; limit?: number }>({
      queryFn: (arg, api, extra, baseQuery) =>
        orEmpty(
          { url: '/stats/user-history', params: { page: arg.page, limit: arg.limit ?? 20 } },
          { success: true as const, history: [], page: arg.page, limit: arg.limit ?? 20, total: 0, hasMore: false },
        )(arg, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    getGlobalStats: build.query<GlobalStatsResponse, void>({
      queryFn: (arg, api, extra, baseQuery) =>
        orEmpty('/stats/global', { success: true as const, stats: { totalSongs: 0, totalUsers: 0, totalPlays: 0, totalMinutesPlayed: 0 } })(
          arg,
          api,
          extra,
          baseQuery as BaseQuery,
        ),
      providesTags: ['Stats'],
    }),
    getDailyPlays: build.query<DailyPlaysResponse, { days: number; tzOffset: number }>({
      queryFn: (arg, api, extra, baseQuery) =>
        orEmpty({ url: '/stats/daily', params: arg }, { success: true as const, days: [] })(arg, api, extra, baseQuery as BaseQuery),
      providesTags: ['Stats'],
    }),
    /** `playedAt`: a play made offline, sent late with its time (docs/product.md §2.17) */
    incrementPlay: build.mutation<IncrementPlayResponse, { songId: string; source: string; playedAt?: string }>({
      query: ({ songId, source, playedAt }) => ({ url: `/stats/${songId}/increment-play`, method: 'POST', body: playedAt ? { source, playedAt } : { source } }),
      invalidatesTags: (result) => (result?.counted ? ['Stats', 'Profile'] : []),
    }),
  }),
});

export const {
  useGetRecentlyPlayedQuery,
  useGetTopChartsQuery,
  useGetTrendingQuery,
  useGetMostPlayedQuery,
  useGetUserHistoryQuery,
  useGetGlobalStatsQuery,
  useGetDailyPlaysQuery,
} = statsApi;
