import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { formatTotalDuration } from '../../../ui/format';
import { PlayIcon } from '../../../ui/icons';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { SongList, SongRow } from '../../../ui/SongRow';
import { PageSpinner } from '../../../ui/Spinner';
import { playerActions, selectCurrentTrack, selectPlayingSongId, toPlayerTrack } from '../../player';
import { AddToPlaylistButton } from '../../playlists';
import { LikeButton } from '../components/LikeButton';
import { useGetLikedSongsQuery } from '../likedApi';

const Summary = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** SPEC §2 Liked: the list with play all and unlike. */
export default function LikedPage() {
  const { data, isLoading, isError } = useGetLikedSongsQuery();
  const dispatch = useDispatch();
  const playingId = useSelector(selectPlayingSongId);
  const current = useSelector(selectCurrentTrack);
  const entries = data?.songs ?? [];
  const total = entries.reduce((sum, e) => sum + e.song.duration, 0);

  return (
    <Page>
      <PageHeader>
        <div>
          <PageTitle>Liked Songs</PageTitle>
          {entries.length > 0 ? (
            <Summary>
              {entries.length} {entries.length === 1 ? 'song' : 'songs'} · {formatTotalDuration(total)}
            </Summary>
          ) : null}
        </div>
        <Button
          type="button"
          disabled={entries.length === 0}
          onClick={() => dispatch(playerActions.playAllRequested({ tracks: entries.map((e) => toPlayerTrack(e.song)), source: 'liked' }))}
        >
          <PlayIcon width={20} height={20} /> Play all
        </Button>
      </PageHeader>
      {isLoading ? (
        <PageSpinner />
      ) : isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchLikedSongs}</ErrorMessage>
      ) : entries.length === 0 ? (
        <EmptyState>{MESSAGES.noLikedSongsYet}</EmptyState>
      ) : (
        <SongList aria-label="Liked songs">
          {entries.map((entry) => (
            <SongRow
              key={entry.id}
              song={entry.song}
              playing={playingId === entry.song.id}
              current={current?.id === entry.song.id}
              onPlay={() => dispatch(playerActions.togglePlayRequested({ track: toPlayerTrack(entry.song), source: 'liked' }))}
              actions={
                <>
                  <LikeButton song={entry.song} />
                  <AddToPlaylistButton song={entry.song} />
                </>
              }
            />
          ))}
        </SongList>
      )}
    </Page>
  );
}
