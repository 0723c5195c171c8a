import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDuration } from '../../../ui/format';
import { ErrorMessage } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useSearchSongsQuery } from '../../library';
import { useAddSongToPlaylistMutation } from '../playlistsApi';

const Results = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: 0;
  max-height: 45vh;
  overflow-y: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  }
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { color: ${({ theme }) => theme.color.textMuted}; }
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The detail page's "Add songs": search the library and add songs one by one. */
export function AddSongsDialog({ open, playlistId, inPlaylist, onClose }: { open: boolean; playlistId: string; inPlaylist: Set<string>; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const { data, isFetching, isError } = useSearchSongsQuery({ search: term || undefined, limit: 30 }, { skip: !open });
  const [add, { isLoading }] = useAddSongToPlaylistMutation();
  const dispatch = useDispatch();
  const songs = data?.songs ?? [];

  return (
    <Dialog open={open} title="Add songs" onClose={onClose}>
      <TextField label="Find songs to add" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />
      {isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchAvailableSongs}</ErrorMessage>
      ) : isFetching && songs.length === 0 ? (
        <Spinner />
      ) : songs.length === 0 ? (
        <EmptyState>{MESSAGES.noSongsFound}</EmptyState>
      ) : (
        <Results aria-label="Songs to add">
          {songs.map((song) => {
            const added = inPlaylist.has(song.id);
            return (
              <li key={song.id}>
                <span>
                  {song.title} <small>· {song.artist} · {formatDuration(song.duration)}</small>
                </span>
                <Button
                  type="button"
                  $size="sm"
                  $variant={added ? 'secondary' : 'primary'}
                  disabled={added || isLoading}
                  aria-label={added ? `${song.title} is in the playlist` : `Add ${song.title}`}
                  onClick={async () => {
                    try {
                      await add({ playlistId, songId: song.id }).unwrap();
                    } catch {
                      dispatch(toastShown(MESSAGES.failedToAddSongsToPlaylist, 'error'));
                    }
                  }}
                >
                  {added ? 'Added' : 'Add'}
                </Button>
              </li>
            );
          })}
        </Results>
      )}
      <Footer>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Footer>
    </Dialog>
  );
}
