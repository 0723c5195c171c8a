import { useMemo, useState } from 'react';
import type { PlaylistDetail } from '../../../../contract/playlists';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';
import { PlayIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { ErrorMessage, Page } from '../../../ui/Page';
import { PageSpinner } from '../../../ui/Spinner';
import { toPlayerTrack, usePlaySongs, usePrepareOnIntent } from '../../../shared/player';
import { useSongActions } from '../../../shared/songs';
import { AddSongsDialog } from '../components/AddSongsDialog';
import { DeletePlaylistDialog } from '../components/DeletePlaylistDialog';
import { playlistMeta } from '../components/PlaylistCard';
import { PlaylistCover } from '../components/PlaylistCover';
import { PlaylistFormDialog } from '../components/PlaylistFormDialog';
import { PlaylistSongs } from '../components/PlaylistSongs';
import { useGetPlaylistQuery } from '../playlistsApi';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Header = styled.header`
  display: grid;
  grid-template-columns: 180px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(1.5rem, 3vw, 2.5rem);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.color.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 1fr;
    & > :first-child {
      max-width: 180px;
    }
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

type Opened = 'adding' | 'editing' | 'deleting' | null;

function PlaylistHeader({ playlist, onOpen }: { playlist: PlaylistDetail; onOpen: (dialog: Opened) => void }) {
  const songs = useMemo(() => playlist.songs.map((entry) => entry.song), [playlist]);
  const { playAll } = usePlaySongs(songs, 'playlist');
  const playAllIntent = usePrepareOnIntent(() => (songs[0] ? toPlayerTrack(songs[0]) : null));
  const { ShareButton, KeepButton } = useSongActions();
  return (
    <Header>
      <PlaylistCover src={playlist.coverImage} name={playlist.name} />
      <div>
        <h1>{playlist.name}</h1>
        {playlist.description ? <p>{playlist.description}</p> : null}
        <p data-testid="playlist-meta">{playlistMeta(playlist)}</p>
        <Actions>
          <Button type="button" disabled={songs.length === 0} onClick={playAll} {...playAllIntent}>
            <PlayIcon width={20} height={20} /> Play all
          </Button>
          <Button type="button" $variant="secondary" onClick={() => onOpen('adding')}>
            <PlusIcon width={20} height={20} /> Add songs
          </Button>
          <Button type="button" $variant="secondary" onClick={() => onOpen('editing')}>
            Edit
          </Button>
          <ShareButton kind="playlist" ids={[playlist.id]} name={playlist.name} />
          <KeepButton kind="playlist" id={playlist.id} name={playlist.name} songs={songs} />
          <Button type="button" $variant="secondary" onClick={() => onOpen('deleting')}>
            <TrashIcon width={20} height={20} /> Delete
          </Button>
        </Actions>
      </div>
    </Header>
  );
}

/** docs/product.md §2 Playlists detail: play all, add songs, remove a song, edit, delete. */
export default function PlaylistDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, error } = useGetPlaylistQuery(id);
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened>(null);
  const playlist = data?.playlist;
  // another user's playlist, a missing one and a malformed id all answer 404; other failures keep the §8.4 message
  const failure = (error as { status?: number } | undefined)?.status === 404 ? MESSAGES.playlistNotFound : MESSAGES.failedToFetchPlaylistDetails;
  useDocumentTitle(playlist?.name ?? (isError ? failure : null));
  const songIds = useMemo(() => new Set(playlist?.songs.map((e) => e.songId) ?? []), [playlist]);
  const close = () => setOpened(null);

  if (isLoading) return <PageSpinner />;
  if (isError || !playlist) {
    return (
      <Page>
        <ErrorMessage>{failure}</ErrorMessage>
        <Button type="button" $variant="secondary" onClick={() => navigate('/playlists')}>
          Back to playlists
        </Button>
      </Page>
    );
  }
  return (
    <Page>
      <PlaylistHeader playlist={playlist} onOpen={setOpened} />
      <PlaylistSongs playlist={playlist} />
      <AddSongsDialog open={opened === 'adding'} playlistId={playlist.id} inPlaylist={songIds} onClose={close} />
      <PlaylistFormDialog open={opened === 'editing'} playlist={playlist} onClose={close} />
      <DeletePlaylistDialog playlist={opened === 'deleting' ? playlist : null} onClose={close} onDeleted={() => navigate('/playlists', { replace: true })} />
    </Page>
  );
}
