import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { useGetPlaylistsQuery } from '../../../features/playlists';
import { PlaysChart, useGetDailyPlaysQuery, useGetRecentlyPlayedQuery, useGetTopChartsQuery, useGetTrendingQuery } from '../../../features/stats';
import { selectUser } from '../../../shared/session';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { greeting } from './greeting';
import { HomePlaylists, QuickActions, Section } from './HomeSections';
import { HomeSongList } from './HomeSongList';
import { HomeTiles } from './HomeTiles';
import { plural } from './plural';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Greeting = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: clamp(1.6rem, 3vw, 2.4rem);
`;
const Lists = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(8)};
`;

function HomeSongLists() {
  const recent = useGetRecentlyPlayedQuery(5);
  const top = useGetTopChartsQuery(5);
  const trending = useGetTrendingQuery(5);
  return (
    <Lists>
      <HomeSongList title="Recently played" loading={recent.isLoading} items={recent.data?.songs ?? []} empty="Nothing played yet" />
      <HomeSongList
        title="Top charts"
        loading={top.isLoading}
        items={(top.data?.songs ?? []).map((s) => ({ song: s.song, meta: plural(s.playCount, 'play', 'plays') }))}
        empty="No plays this week yet"
      />
      <HomeSongList
        title="Trending"
        loading={trending.isLoading}
        items={(trending.data?.songs ?? []).map((s) => ({ song: s.song, meta: `+${s.change} this week` }))}
        empty="Nothing trending yet"
      />
    </Lists>
  );
}

function HomePlaysChart() {
  const tzOffset = useMemo(() => new Date().getTimezoneOffset(), []);
  const daily = useGetDailyPlaysQuery({ days: 14, tzOffset });
  return (
    <Section aria-labelledby="home-chart">
      <h2 id="home-chart">Your plays, last 14 days</h2>
      {daily.data && daily.data.days.length > 0 ? <PlaysChart days={daily.data.days} /> : <EmptyState>No plays yet</EmptyState>}
    </Section>
  );
}

/** docs/product.md §2 Home: greeting, tiles, the first 4 playlists, quick actions, what is played, and the listener's chart. */
export default function HomeScreen() {
  useDocumentTitle('Home');
  const user = useSelector(selectUser);
  const playlists = useGetPlaylistsQuery();
  return (
    <Page>
      <Greeting>
        {greeting(new Date().getHours())}
        {user ? `, ${user.username}` : ''}
      </Greeting>
      <HomeTiles playlistCount={playlists.data?.total ?? playlists.data?.playlists.length} />
      <HomePlaylists playlists={playlists.data?.playlists ?? []} />
      <QuickActions />
      <HomeSongLists />
      <HomePlaysChart />
    </Page>
  );
}
