export { PlaysChart } from './components/PlaysChart';
export {
  statsApi,
  useGetDailyPlaysQuery,
  useGetGlobalStatsQuery,
  useGetMostPlayedQuery,
  useGetRecentlyPlayedQuery,
  useGetTopChartsQuery,
  useGetTrendingQuery,
  useGetUserHistoryQuery,
} from './statsApi';
