import { useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Input } from '../../../ui/TextField';
import { musicBoxActions, selectMusicBox, type SuggestionSort } from '../musicBoxSlice';
import { Select } from '../../../ui/Select';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin: ${({ theme }) => theme.space(6)} 0 ${({ theme }) => theme.space(4)};
  label {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
  label:first-child {
    flex: 1 1 220px;
  }
`;

const SEARCH_DEBOUNCE_MS = 300;

/** Search (debounced) and sort: popular by default, or newest. */
export function SuggestionToolbar() {
  const dispatch = useDispatch();
  const { search, sort } = useSelector(selectMusicBox);
  const [text, setText] = useState(search);
  const searchId = useId();
  const sortId = useId();

  // the slice can clear the search (to reveal a duplicate's original): follow it
  useEffect(() => setText(search), [search]);

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => dispatch(musicBoxActions.searchChanged(text.trim())), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, dispatch]);

  return (
    <Bar>
      <label htmlFor={searchId}>
        Search suggestions
        <Input id={searchId} type="search" value={text} placeholder="Title or artist" onChange={(e) => setText(e.target.value)} />
      </label>
      <label htmlFor={sortId}>
        Sort by
        <Select id={sortId} value={sort} onChange={(e) => dispatch(musicBoxActions.sortChanged(e.target.value as SuggestionSort))}>
          <option value="popular">Most popular</option>
          <option value="newest">Newest</option>
        </Select>
      </label>
    </Bar>
  );
}
