import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { AlbumSort } from '../../../../contract/browse';
import { Input } from '../../../ui/TextField';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { useGetGenresQuery } from '../browseApi';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  label {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    font-size: 0.9rem;
    font-weight: 600;
    flex: 1 1 140px;
    max-width: 240px;
  }
  select {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const SORT_LABELS: Record<AlbumSort, string> = {
  recent: 'Recently added',
  name: 'Name',
  artist: 'Artist',
  year: 'Year',
  played: 'Most played',
  random: 'Random',
};

export interface AlbumFiltersProps {
  sort: AlbumSort;
  genre: string;
  year: string;
  onChange: (change: { sort?: AlbumSort; genre?: string; year?: string }) => void;
}

/** the year typed so far, once it is a whole year (an unfinished "19" asks for nothing) */
const YEAR_DEBOUNCE_MS = 400;

/** Sort, genre and year of the Albums page. */
export function AlbumFilters({ sort, genre, year, onChange }: AlbumFiltersProps) {
  const genres = useGetGenresQuery().data?.genres ?? [];
  const [yearText, setYearText] = useState(year);
  const typedYear = useDebouncedValue(yearText.trim(), YEAR_DEBOUNCE_MS);
  useEffect(() => {
    if (typedYear !== year && (typedYear === '' || /^\d{4}$/.test(typedYear))) onChange({ year: typedYear });
  }, [typedYear, year, onChange]);

  return (
    <Bar role="search" aria-label="Album filters">
      <label>
        Sort by
        <select value={sort} onChange={(e) => onChange({ sort: e.target.value as AlbumSort })}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Genre
        <select value={genre} onChange={(e) => onChange({ genre: e.target.value })}>
          <option value="">All genres</option>
          {genre && !genres.some((g) => g.name === genre) ? <option value={genre}>{genre}</option> : null}
          {genres.map((g) => (
            <option key={g.name} value={g.name}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Year
        <Input type="text" inputMode="numeric" pattern="[0-9]{4}" placeholder="Any year" value={yearText} onChange={(e) => setYearText(e.target.value)} />
      </label>
    </Bar>
  );
}
