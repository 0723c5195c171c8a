import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import { EmptyState } from '../../../ui/EmptyState';
import { SongList, SongRow } from '../../../ui/SongRow';
import { Spinner } from '../../../ui/Spinner';
import { LikeButton } from '../../liked';
import { playerActions, selectCurrentTrack, selectPlayingSongId, toPlayerTrack } from '../../player';
import { AddToPlaylistButton } from '../../playlists';

const Section = styled.section`
  min-width: 0;
  h2 { font-size: 1.15rem; margin: 0 0 ${({ theme }) => theme.space(3)}; }
`;

/** A titled list of songs on the home page (recently played, top charts, trending). */
export function HomeSongList({ title, items, loading, empty }: { title: string; items: { song: Song; meta?: string }[]; loading: boolean; empty: string }) {
  const dispatch = useDispatch();
  const playingId = useSelector(selectPlayingSongId);
  const current = useSelector(selectCurrentTrack);
  return (
    <Section aria-label={title}>
      <h2>{title}</h2>
      {loading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <SongList>
          {items.map(({ song, meta }) => (
            <SongRow
              key={song.id}
              song={song}
              meta={meta}
              playing={playingId === song.id}
              current={current?.id === song.id}
              onPlay={() => dispatch(playerActions.togglePlayRequested({ track: toPlayerTrack(song), source: 'home' }))}
              actions={
                <>
                  <LikeButton song={song} />
                  <AddToPlaylistButton song={song} />
                </>
              }
            />
          ))}
        </SongList>
      )}
    </Section>
  );
}
