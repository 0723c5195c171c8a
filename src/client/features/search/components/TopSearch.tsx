import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Spinner } from '../../../ui/Spinner';
import { useTopSearch } from '../useTopSearch';
import { TopSearchResults } from './TopSearchResults';

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

/**
 * docs/product.md §2.3, the shell's search box: a combobox (WAI-ARIA pattern) over the first
 * matching songs. Arrows move through them with focus kept in the box, Enter plays the active one
 * the way every list plays, Escape closes; each song also has play/pause, like and add to playlist.
 */
export function TopSearch() {
  const { box, input, text, onTextChange, onFocus, onInputKeyDown, onBoxKeyDown, showDropdown, expanded, activeOptionId, results } = useTopSearch();
  const { search, songs, isFetching, isError } = results;
  return (
    <Box role="search" aria-label="Song search" ref={box} onKeyDown={onBoxKeyDown}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search songs"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? results.listboxId : undefined}
        aria-activedescendant={activeOptionId}
        placeholder="Search songs or artists"
        autoComplete="off"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onFocus={onFocus}
        onKeyDown={onInputKeyDown}
      />
      {showDropdown ? (
        <Dropdown role="group" aria-label="Search results">
          {isFetching && songs.length === 0 ? <Spinner label="Searching" size={22} /> : null}
          {isError ? <Note role="alert">{MESSAGES.requestFailed(0)}</Note> : null}
          {!isFetching && search && songs.length === 0 && !isError ? <Note>{MESSAGES.noSongsFound}</Note> : null}
          {expanded ? (
            <TopSearchResults
              songs={songs}
              listboxId={results.listboxId}
              optionId={results.optionId}
              active={results.active}
              player={results.player}
              onChoose={results.choose}
            />
          ) : null}
          {songs.length > 0 ? <AllLink to={`/search?q=${encodeURIComponent(search)}`}>See all results</AllLink> : null}
        </Dropdown>
      ) : null}
    </Box>
  );
}
