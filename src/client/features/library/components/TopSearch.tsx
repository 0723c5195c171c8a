import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Spinner } from '../../../ui/Spinner';
import { useSearchSongsQuery } from '../../../api/songsApi';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { PlayableSongList } from '../../../shared/songs';

const Box = styled.div`
  position: relative;
  flex: 1;
  max-width: 520px;
  input {
    width: 100%;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
  }
`;
const Dropdown = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  z-index: 40;
  max-height: min(420px, 70vh);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.18);
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    position: fixed;
    top: ${({ theme }) => theme.layout.topBarHeight}px;
    left: 8px;
    right: 8px;
  }
`;
const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
`;
const AllLink = styled(Link)`
  display: block;
  padding: ${({ theme }) => theme.space(2)};
  text-align: center;
  font-weight: 600;
`;

export const TOP_SEARCH_LIMIT = 8;

/** The shell's search box: a dropdown of matching songs with play/pause, like and add to playlist. */
export function TopSearch() {
  const location = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const dropdownId = useId();
  const search = useDebouncedValue(text.trim(), 200);
  const { data, isFetching, isError } = useSearchSongsQuery({ search, limit: TOP_SEARCH_LIMIT }, { skip: !search });
  const songs = search ? (data?.songs ?? []) : [];

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const showDropdown = open && text.trim().length > 0;
  return (
    <Box
      role="search"
      ref={box}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <input
        type="search"
        aria-label="Search songs"
        placeholder="Search songs or artists"
        value={text}
        aria-expanded={showDropdown}
        aria-controls={dropdownId}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {showDropdown ? (
        <Dropdown id={dropdownId} aria-label="Search results">
          {isFetching && songs.length === 0 ? <Spinner label="Searching" size={22} /> : null}
          {isError ? <Note role="alert">{MESSAGES.requestFailed(0)}</Note> : null}
          {!isFetching && search && songs.length === 0 && !isError ? <Note>{MESSAGES.noSongsFound}</Note> : null}
          {songs.length > 0 ? <PlayableSongList songs={songs} source="search" compact rowTestId="song-result" /> : null}
          {songs.length > 0 ? <AllLink to={`/search?q=${encodeURIComponent(search)}`}>See all results</AllLink> : null}
        </Dropdown>
      ) : null}
    </Box>
  );
}
