import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import type { PlaylistDetail } from '../../../../contract/playlists';
import { Button, IconButton } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { PlusIcon } from '../../../ui/icons';
import { ErrorMessage } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../../ui/useOfflineRefusal';
import { selectIsAuthenticated } from '../../../shared/session';
import { useAddSongToPlaylistMutation, useGetPlaylistsQuery } from '../playlistsApi';
import { playlistMeta } from './PlaylistCard';
import { PlaylistCover } from './PlaylistCover';
import { PlaylistFormDialog } from './PlaylistFormDialog';

const Choices = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  max-height: 50vh;
  overflow-y: auto;
`;
const Choice = styled.button`
  width: 100%;
  display: grid;
  grid-template-columns: 44px minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: ${({ theme }) => theme.color.text};
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &:disabled {
    opacity: 0.6;
    cursor: wait;
  }
  span {
    display: grid;
    min-width: 0;
  }
  strong,
  small {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface AddToPlaylistButtonProps {
  song: { id: string; title: string };
  size?: number;
}

/** Opens the add-to-playlist modal (search, top search, player bar): pick a playlist, or make a new one with the song in it. */
export function AddToPlaylistButton({ song, size }: AddToPlaylistButtonProps) {
  const [step, setStep] = useState<'closed' | 'pick' | 'create'>('closed');
  const signedIn = useSelector(selectIsAuthenticated);
  const dispatch = useDispatch();
  const { refuse } = useOfflineRefusal();
  return (
    <>
      <IconButton
        type="button"
        aria-label={`Add ${song.title} to playlist`}
        $size={size}
        onClick={(event) => {
          event.stopPropagation();
          if (!signedIn) dispatch(toastShown(MESSAGES.pleaseLogInToAddToPlaylist, 'error'));
          else if (!refuse()) setStep('pick');
        }}
      >
        <PlusIcon />
      </IconButton>
      {step === 'pick' ? <AddToPlaylistDialog song={song} onClose={() => setStep('closed')} onCreate={() => setStep('create')} /> : null}
      <CreateWithSong song={song} open={step === 'create'} onClose={() => setStep('closed')} />
    </>
  );
}

function AddToPlaylistDialog({ song, onClose, onCreate }: { song: { id: string; title: string }; onClose: () => void; onCreate: () => void }) {
  const { data, isLoading, isError } = useGetPlaylistsQuery();
  const [add, { isLoading: adding }] = useAddSongToPlaylistMutation();
  const dispatch = useDispatch();
  const { refuse, failure } = useOfflineRefusal();
  const playlists = data?.playlists ?? [];

  async function addTo(playlist: { id: string; name: string }) {
    if (refuse()) return;
    try {
      const result = await add({ playlistId: playlist.id, songId: song.id }).unwrap();
      dispatch(toastShown(result.changed ? `Added to ${playlist.name}` : `Already in ${playlist.name}`, result.changed ? 'success' : 'info'));
      onClose();
    } catch (error) {
      dispatch(toastShown(failure(error, MESSAGES.failedToAddSongToPlaylist), 'error'));
    }
  }

  return (
    <Dialog open title={`Add "${song.title}" to a playlist`} onClose={onClose}>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchPlaylists}</ErrorMessage>
      ) : playlists.length === 0 ? (
        <EmptyState>{MESSAGES.noPlaylistsYet}</EmptyState>
      ) : (
        <Choices aria-label="Your playlists">
          {playlists.map((p) => (
            <li key={p.id}>
              <Choice type="button" disabled={adding} onClick={() => addTo(p)} aria-label={`Add to ${p.name}`}>
                <PlaylistCover src={p.coverImage} name={p.name} size={44} />
                <span>
                  <strong>{p.name}</strong>
                  <small>{playlistMeta(p)}</small>
                </span>
              </Choice>
            </li>
          ))}
        </Choices>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCreate}>
          <PlusIcon width={18} height={18} /> New playlist
        </Button>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </Actions>
    </Dialog>
  );
}

/** "New playlist" from the modal: create it, then put the song in it. */
function CreateWithSong({ song, open, onClose }: { song: { id: string; title: string }; open: boolean; onClose: () => void }) {
  const [add] = useAddSongToPlaylistMutation();
  const dispatch = useDispatch();
  const { failure } = useOfflineRefusal();
  return (
    <PlaylistFormDialog
      open={open}
      onClose={onClose}
      onSaved={async (playlist: PlaylistDetail) => {
        try {
          await add({ playlistId: playlist.id, songId: song.id }).unwrap();
          dispatch(toastShown(`Added to ${playlist.name}`, 'success'));
        } catch (error) {
          dispatch(toastShown(failure(error, MESSAGES.failedToAddSongToPlaylist), 'error'));
        }
      }}
    />
  );
}
