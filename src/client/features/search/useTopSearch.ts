import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSearchSongsQuery } from '../../api/songsApi';
import { usePlaySongs } from '../../shared/player';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useActiveOption } from './useActiveOption';

export const TOP_SEARCH_LIMIT = 8;

const NO_SONGS: never[] = [];

/** The server's first matches of the debounced text (none while the box is empty). */
function useTopSearchSongs(text: string) {
  const search = useDebouncedValue(text.trim(), 200);
  const { data, isFetching, isError } = useSearchSongsQuery({ search, limit: TOP_SEARCH_LIMIT }, { skip: !search });
  const songs = search ? (data?.songs ?? NO_SONGS) : NO_SONGS;
  return { search, songs, isFetching, isError };
}

/** Calls `close` when the route changes, and when a pointer goes down outside `box` while open. */
function useCloseOutside(box: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  const location = useLocation();
  useEffect(close, [location.pathname, close]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [box, open, close]);
}

/**
 * The top search's state as a WAI-ARIA combobox: the text, whether its listbox shows, the active
 * option (moved by the arrows while focus stays in the box), Enter to play it, Escape to close.
 */
export function useTopSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { search, songs, isFetching, isError } = useTopSearchSongs(text);
  const active = useActiveOption(useMemo(() => songs.map((s) => s.id), [songs]));
  const player = usePlaySongs(songs, 'search');
  const { clear } = active;
  const close = useCallback(() => {
    setOpen(false);
    clear();
  }, [clear]);
  useCloseOutside(box, open, close);

  const showDropdown = open && text.trim().length > 0;
  const expanded = showDropdown && songs.length > 0;
  const optionId = (songId: string) => `${id}-song-${songId}`;
  const activeSong = expanded && active.index >= 0 ? songs[active.index] : undefined;
  const activeOptionId = activeSong ? optionId(activeSong.id) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const choose = (index: number) => {
    active.select(index);
    player.play(index);
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) setOpen(true);
      else active.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && activeSong) choose(active.index);
    else if (event.key === 'Enter' && search) navigate(`/search?q=${encodeURIComponent(search)}`);
  };
  /** Escape anywhere in the box: the first closes the list and keeps the text (a search input would clear it). */
  const onBoxKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !showDropdown) return;
    event.preventDefault();
    input.current?.focus(); // before closing: focusing the box opens it
    close();
  };
  const onTextChange = (value: string) => {
    setText(value);
    setOpen(true);
    clear();
  };
  const results = { songs, search, isFetching, isError, listboxId: `${id}-listbox`, optionId, active: active.index, player, choose };
  return { box, input, text, onTextChange, onFocus: () => setOpen(true), onInputKeyDown, onBoxKeyDown, showDropdown, expanded, activeOptionId, results };
}
