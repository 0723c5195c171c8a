import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button, IconButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { PlayIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { ErrorMessage, Page } from '../../../ui/Page';
import { SongList, SongRow } from '../../../ui/SongRow';
import { PageSpinner } from '../../../ui/Spinner';
import { toastShown } from '../../../ui/toast/toastSlice';
import { LikeButton } from '../../liked';
import { playerActions, selectCurrentTrack, selectPlayingSongId, toPlayerTrack } from '../../player';
import { AddSongsDialog } from '../components/AddSongsDialog';
import { DeletePlaylistDialog } from '../components/DeletePlaylistDialog';
import { playlistMeta } from '../components/PlaylistCard';
import { PlaylistCover } from '../components/PlaylistCover';
import { PlaylistFormDialog } from '../components/PlaylistFormDialog';
import { useGetPlaylistQuery, useRemoveSongFromPlaylistMutation } from '../playlistsApi';

const Header = styled.header`
  display: grid;
  grid-template-columns: 180px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: clamp(1.5rem, 3vw, 2.5rem); overflow-wrap: anywhere; }
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; color: ${({ theme }) => theme.color.textMuted}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 1fr;
    & > :first-child { max-width: 180px; }
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** SPEC §2 Playlists detail: play all, add songs, remove a song, edit, delete. */
export default function PlaylistDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useGetPlaylistQuery(id);
  const [removeSong] = useRemoveSongFromPlaylistMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const playingId = useSelector(selectPlayingSongId);
  const current = useSelector(selectCurrentTrack);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const playlist = data?.playlist;
  const songIds = useMemo(() => new Set(playlist?.songs.map((e) => e.songId) ?? []), [playlist]);

  if (isLoading) {
    return (
      <PageSpinner />
    );
  }
  if (isError || !playlist) {
    return (
      <Page>
        <ErrorMessage>{MESSAGES.failedToFetchPlaylistDetails}</ErrorMessage>
        <Button type="button" $variant="secondary" onClick={() => navigate('/playlists')}>
          Back to playlists
        </Button>
      </Page>
    );
  }

  const tracks = playlist.songs.map((e) => toPlayerTrack(e.song));
  return (
    <Page>
      <Header>
        <PlaylistCover src={playlist.coverImage} />
        <div>
          <h1>{playlist.name}</h1>
          {playlist.description ? <p>{playlist.description}</p> : null}
          <p data-testid="playlist-meta">{playlistMeta(playlist)}</p>
          <Actions>
            <Button type="button" disabled={tracks.length === 0} onClick={() => dispatch(playerActions.playAllRequested({ tracks, source: 'playlist' }))}>
              <PlayIcon width={20} height={20} /> Play all
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setAdding(true)}>
              <PlusIcon width={20} height={20} /> Add songs
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setDeleting(true)}>
              <TrashIcon width={20} height={20} /> Delete
            </Button>
          </Actions>
        </div>
      </Header>
      {playlist.songs.length === 0 ? (
        <EmptyState>This playlist has no songs yet. Use Add songs to fill it.</EmptyState>
      ) : (
        <SongList aria-label="Playlist songs">
          {playlist.songs.map((entry, index) => (
            <SongRow
              key={entry.id}
              song={entry.song}
              playing={playingId === entry.songId}
              current={current?.id === entry.songId}
              onPlay={() =>
                current?.id === entry.songId
                  ? dispatch(playerActions.togglePlayRequested({ track: tracks[index], source: 'playlist' }))
                  : dispatch(playerActions.playAllRequested({ tracks, startIndex: index, source: 'playlist' }))
              }
              actions={
                <>
                  <LikeButton song={entry.song} />
                  <IconButton
                    type="button"
                    aria-label={`Remove ${entry.song.title} from playlist`}
                    onClick={async () => {
                      try {
                        await removeSong({ playlistId: playlist.id, songId: entry.songId }).unwrap();
                      } catch {
                        dispatch(toastShown(MESSAGES.failedToRemoveSongFromPlaylist, 'error'));
                      }
                    }}
                  >
                    <TrashIcon />
                  </IconButton>
                </>
              }
            />
          ))}
        </SongList>
      )}
      <AddSongsDialog open={adding} playlistId={playlist.id} inPlaylist={songIds} onClose={() => setAdding(false)} />
      <PlaylistFormDialog open={editing} playlist={playlist} onClose={() => setEditing(false)} />
      <DeletePlaylistDialog playlist={deleting ? playlist : null} onClose={() => setDeleting(false)} onDeleted={() => navigate('/playlists', { replace: true })} />
    </Page>
  );
}
