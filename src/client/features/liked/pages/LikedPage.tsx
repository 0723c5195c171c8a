import { useMemo } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { formatTotalDuration } from '../../../ui/format';
import { PlayIcon } from '../../../ui/icons';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { PageSpinner } from '../../../ui/Spinner';
import { toPlayerTrack, usePlaySongs, usePrepareOnIntent } from '../../../shared/player';
import { PlayableSongList, useSongActions } from '../../../shared/songs';
import { useGetLikedSongsQuery } from '../likedApi';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Summary = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** docs/product.md §2 Liked: the list with play all and unlike. */
export default function LikedPage() {
  useDocumentTitle('Liked Songs');
  const { data, isLoading, isError } = useGetLikedSongsQuery();
  const entries = useMemo(() => data?.songs ?? [], [data]);
  const songs = useMemo(() => entries.map((entry) => entry.song), [entries]);
  const { playAll } = usePlaySongs(songs, 'liked');
  const playAllIntent = usePrepareOnIntent(() => (songs[0] ? toPlayerTrack(songs[0]) : null));
  const total = entries.reduce((sum, e) => sum + e.song.duration, 0);
  const { KeepButton } = useSongActions();

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
        <Actions>
          <Button type="button" disabled={entries.length === 0} onClick={playAll} {...playAllIntent}>
            <PlayIcon width={20} height={20} /> Play all
          </Button>
          <KeepButton kind="liked" id="liked" name="Liked Songs" songs={songs} />
        </Actions>
      </PageHeader>
      {isLoading ? (
        <PageSpinner />
      ) : isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchLikedSongs}</ErrorMessage>
      ) : entries.length === 0 ? (
        <EmptyState>{MESSAGES.noLikedSongsYet}</EmptyState>
      ) : (
        <PlayableSongList songs={songs} source="liked" aria-label="Liked songs" keyOf={(_song, index) => entries[index].id} />
      )}
    </Page>
  );
}
