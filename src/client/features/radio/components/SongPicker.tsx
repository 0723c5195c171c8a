import { useState } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDuration } from '../../../ui/format';
import { ErrorMessage } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { useSearchSongsQuery } from '../../library';

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
  &:hover { background: ${({ theme }) => theme.color.surfaceAlt}; }
  div { min-width: 0; }
  strong, span { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { color: ${({ theme }) => theme.color.textMuted}; font-size: 0.85rem; }
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

export interface SongPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (songId: string) => Promise<boolean>;
}

/** Admins pick songs of the library to add to the radio queue. */
export function SongPicker({ open, onClose, onPick }: SongPickerProps) {
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const { data, isFetching, isError } = useSearchSongsQuery({ search: search.trim() || undefined, limit: 30 }, { skip: !open });
  const pick = async (id: string) => {
    setBusy(id);
    if (await onPick(id)) setAdded((list) => [...list, id]);
    setBusy(null);
  };
  return (
    <Dialog open={open} title="Add to the queue" onClose={onClose}>
      <TextField label="Search songs" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      {isError ? <ErrorMessage>{MESSAGES.failedToFetchAvailableSongs}</ErrorMessage> : null}
      {isFetching && !data ? <Spinner label="Loading songs" /> : null}
      {data && data.songs.length === 0 ? <EmptyState>{MESSAGES.noSongsFound}</EmptyState> : null}
      {data && data.songs.length > 0 ? (
        <Results aria-label="Songs">
          {data.songs.map((song) => (
            <Row key={song.id}>
              <div>
                <strong>{song.title}</strong>
                <span>{song.artist}</span>
              </div>
              <span>{formatDuration(song.duration)}</span>
              <Button type="button" $size="sm" $variant="secondary" disabled={busy === song.id} onClick={() => void pick(song.id)} aria-label={`Add ${song.title} to the queue`}>
                {added.includes(song.id) ? 'Added' : 'Add'}
              </Button>
            </Row>
          ))}
        </Results>
      ) : null}
      <Footer>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Done
        </Button>
      </Footer>
    </Dialog>
  );
}
