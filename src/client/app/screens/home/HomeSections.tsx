import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { PlaylistSummary } from '../../../../contract/playlists';
import { HOME_PLAYLIST_COUNT } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import { PlaylistCard, PlaylistGrid } from '../../../features/playlists';
import { EmptyState } from '../../../ui/EmptyState';
import { BoxIcon, HeartIcon, PlusIcon, RadioIcon, SearchIcon } from '../../../ui/icons';

export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  h2 {
    font-size: 1.25rem;
    margin: 0 0 ${({ theme }) => theme.space(4)};
  }
`;
const SectionHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  a {
    color: ${({ theme }) => theme.color.accent};
  }
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
  svg {
    width: 20px;
    height: 20px;
  }
`;

/** The first playlists of the listener, with a link to all of them. */
export function HomePlaylists({ playlists }: { playlists: PlaylistSummary[] }) {
  return (
    <Section aria-labelledby="home-playlists">
      <SectionHead>
        <h2 id="home-playlists">Your playlists</h2>
        <Link to="/playlists">See all</Link>
      </SectionHead>
      {playlists.length === 0 ? (
        <EmptyState>{MESSAGES.noPlaylistsYet}</EmptyState>
      ) : (
        <PlaylistGrid>
          {playlists.slice(0, HOME_PLAYLIST_COUNT).map((p) => (
            <PlaylistCard key={p.id} playlist={p} />
          ))}
        </PlaylistGrid>
      )}
    </Section>
  );
}

export function QuickActions() {
  return (
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
  );
}
