import { useState } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../../../contract/messages';
import type { Song } from '../../../contract/songs';
import { useSearchSongsQuery } from '../../api/songsApi';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { formatDuration } from '../../ui/format';
import { ErrorMessage, twoLineText } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useDebouncedValue } from '../../ui/useDebouncedValue';

const Results = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  max-height: 50vh;
  overflow: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;
const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  div {
    min-width: 0;
  }
  ${twoLineText}
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

export const SONG_SEARCH_DEBOUNCE_MS = 250;
const SONG_SEARCH_LIMIT = 30;

export interface SongSearchDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  searchLabel: string;
  resultsLabel: string;
  /** adds one song; resolves true when it was added */
  onAdd: (song: Song) => Promise<boolean>;
  /** the Add button's accessible name */
  addLabel: (song: Song) => string;
  /** songs already there: their button is disabled and says so */
  isIn?: (songId: string) => boolean;
  /** the accessible name of a song that is already there */
  inLabel?: (song: Song) => string;
}

function SongSearchResults({
  songs,
  onAdd,
  addLabel,
  isIn,
  inLabel,
  resultsLabel,
}: Pick<SongSearchDialogProps, 'onAdd' | 'addLabel' | 'isIn' | 'inLabel' | 'resultsLabel'> & { songs: Song[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const add = async (song: Song) => {
    setBusy(song.id);
    if (await onAdd(song)) setAdded((list) => [...list, song.id]);
    setBusy(null);
  };
  return (
    <Results aria-label={resultsLabel}>
      {songs.map((song) => {
        const there = isIn?.(song.id) ?? false;
        return (
          <Row key={song.id}>
            <div>
              <strong>{song.title}</strong>
              <span>{song.artist}</span>
            </div>
            <span>{formatDuration(song.duration)}</span>
            <Button
              type="button"
              $size="sm"
              $variant="secondary"
              disabled={there || busy === song.id}
              onClick={() => void add(song)}
              aria-label={there && inLabel ? inLabel(song) : addLabel(song)}
            >
              {there || added.includes(song.id) ? 'Added' : 'Add'}
            </Button>
          </Row>
        );
      })}
    </Results>
  );
}

/** Search the library and add songs one by one (to a playlist, to the radio queue). */
export function SongSearchDialog({ open, onClose, title, searchLabel, ...results }: SongSearchDialogProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SONG_SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError } = useSearchSongsQuery({ search: search || undefined, limit: SONG_SEARCH_LIMIT }, { skip: !open });
  const songs = data?.songs ?? [];
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <TextField label={searchLabel} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" autoFocus />
      {isError ? (
        <ErrorMessage>{MESSAGES.failedToFetchAvailableSongs}</ErrorMessage>
      ) : isFetching && songs.length === 0 ? (
        <Spinner label="Loading songs" />
      ) : songs.length === 0 ? (
        <EmptyState>{MESSAGES.noSongsFound}</EmptyState>
      ) : (
        <SongSearchResults songs={songs} {...results} />
      )}
      <Footer>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </Footer>
    </Dialog>
  );
}
