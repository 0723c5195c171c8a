import { useState } from 'react';
import styled from 'styled-components';
import type { MissingSong } from '../../../contract/library';
import { Button } from '../../ui/Button';

/** How many rows the list adds at a time: the server sends up to MISSING_LIST_MAX. */
export const MISSING_PAGE = 50;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  span,
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;

function Row({ song }: { song: MissingSong }) {
  const since = new Date(song.missingSince);
  return (
    <li>
      <strong>{song.title}</strong>
      <span>{song.album ? `${song.artist} · ${song.album}` : song.artist}</span>
      <small>{song.path}</small>
      <small>
        Missing since <time dateTime={song.missingSince}>{since.toLocaleString()}</time>
      </small>
    </li>
  );
}

/** The missing songs, longest missing first, MISSING_PAGE rows at a time (docs/product.md §2.10). */
export function MissingSongsList({ songs }: { songs: MissingSong[] }) {
  const [shown, setShown] = useState(MISSING_PAGE);
  const more = Math.min(MISSING_PAGE, songs.length - shown);
  return (
    <>
      <List aria-label="Missing songs">
        {songs.slice(0, shown).map((song) => (
          <Row key={song.id} song={song} />
        ))}
      </List>
      {more > 0 ? (
        <div>
          <Button type="button" $variant="secondary" $size="sm" onClick={() => setShown((n) => n + MISSING_PAGE)}>
            {`Show ${more} more`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
