import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { HOME_PLAYLIST_COUNT } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import { EmptyState } from '../../../ui/EmptyState';
import { BoxIcon, HeartIcon, ListIcon, PlusIcon, RadioIcon, SearchIcon } from '../../../ui/icons';
import { Page } from '../../../ui/Page';
import { selectUser } from '../../auth';
import { useLikedCount } from '../../liked';
import { PlaylistCard, PlaylistGrid, useGetPlaylistsQuery } from '../../playlists';
import { useGetRadioQueueQuery } from '../../radio';
import { PlaysChart, useGetDailyPlaysQuery, useGetRecentlyPlayedQuery, useGetTopChartsQuery, useGetTrendingQuery } from '../../stats';
import { HomeSongList } from '../components/HomeSongList';
import { greeting } from '../greeting';

const Greeting = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: clamp(1.6rem, 3vw, 2.4rem);
`;
const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(200px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(8)};
`;
const Tile = styled(Link)`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  svg { width: 32px; height: 32px; color: ${({ theme }) => theme.color.accent}; }
  strong { display: block; }
  span { color: ${({ theme }) => theme.color.textMuted}; font-size: 0.9rem; }
  &:hover { border-color: ${({ theme }) => theme.color.accent}; }
`;
const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  h2 { font-size: 1.25rem; margin: 0 0 ${({ theme }) => theme.space(4)}; }
`;
const SectionHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  a { color: ${({ theme }) => theme.color.accent}; }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;
const Action = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: 600;
  svg { width: 20px; height: 20px; }
`;
const Lists = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(8)};
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** SPEC §2 Home: greeting, tiles, the first 4 playlists, quick actions, what is played, and the listener's chart. */
export default function HomePage() {
  const user = useSelector(selectUser);
  const hello = greeting(new Date().getHours());
  const radio = useGetRadioQueueQuery();
  const likedCount = useLikedCount();
  const playlists = useGetPlaylistsQuery();
  const recent = useGetRecentlyPlayedQuery(5);
  const top = useGetTopChartsQuery(5);
  const trending = useGetTrendingQuery(5);
  const tzOffset = useMemo(() => new Date().getTimezoneOffset(), []);
  const daily = useGetDailyPlaysQuery({ days: 14, tzOffset });
  const playlistCount = playlists.data?.total ?? playlists.data?.playlists.length;
  const radioOn = radio.data?.isRadioActive ?? false;

  return (
    <Page>
      <Greeting>
        {hello}
        {user ? `, ${user.username}` : ''}
      </Greeting>

      <Tiles aria-label="Your library">
        <Tile to="/radio" aria-label={radioOn ? `Radio: live, ${plural(radio.data?.listeners ?? 0, 'listener', 'listeners')}` : 'Radio: off air'}>
          <RadioIcon />
          <div>
            <strong>Radio</strong>
            <span>{radioOn ? `Live · ${plural(radio.data?.listeners ?? 0, 'listener', 'listeners')}` : 'Off air'}</span>
          </div>
        </Tile>
        <Tile to="/music-box">
          <BoxIcon />
          <div>
            <strong>Music Box</strong>
            <span>Suggest and vote</span>
          </div>
        </Tile>
        <Tile to="/liked" data-testid="tile-liked">
          <HeartIcon />
          <div>
            <strong>Liked Songs</strong>
            <span>{likedCount === null ? '…' : plural(likedCount, 'song', 'songs')}</span>
          </div>
        </Tile>
        <Tile to="/playlists" data-testid="tile-playlists">
          <ListIcon />
          <div>
            <strong>Playlists</strong>
            <span>{playlistCount === undefined ? '…' : plural(playlistCount, 'playlist', 'playlists')}</span>
          </div>
        </Tile>
      </Tiles>

      <Section aria-labelledby="home-playlists">
        <SectionHead>
          <h2 id="home-playlists">Your playlists</h2>
          <Link to="/playlists">See all</Link>
        </SectionHead>
        {(playlists.data?.playlists.length ?? 0) === 0 ? (
          <EmptyState>{MESSAGES.noPlaylistsYet}</EmptyState>
        ) : (
          <PlaylistGrid>
            {playlists.data?.playlists.slice(0, HOME_PLAYLIST_COUNT).map((p) => <PlaylistCard key={p.id} playlist={p} />)}
          </PlaylistGrid>
        )}
      </Section>

      <Section aria-labelledby="home-actions">
        <h2 id="home-actions">Quick actions</h2>
        <Actions>
          <Action to="/search">
            <SearchIcon /> Search songs
          </Action>
          <Action to="/playlists/create">
            <PlusIcon /> Create playlist
          </Action>
          <Action to="/liked">
            <HeartIcon /> Liked songs
          </Action>
          <Action to="/radio">
            <RadioIcon /> Tune in to the radio
          </Action>
          <Action to="/music-box">
            <BoxIcon /> Suggest a song
          </Action>
        </Actions>
      </Section>

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

      <Section aria-labelledby="home-chart">
        <h2 id="home-chart">Your plays, last 14 days</h2>
        {daily.data && daily.data.days.length > 0 ? <PlaysChart days={daily.data.days} /> : <EmptyState>No plays yet</EmptyState>}
      </Section>
    </Page>
  );
}
