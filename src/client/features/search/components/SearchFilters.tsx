import styled from 'styled-components';
import { SEARCH_MAX_DURATION_OPTIONS_MIN, SEARCH_MIN_DURATION_OPTIONS_MIN } from '../../../../contract/limits';
import { Input } from '../../../ui/TextField';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    font-size: 0.9rem;
    font-weight: 600;
  }
  label:first-child {
    flex: 1 1 260px;
  }
  select {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
  }
`;

export interface SearchFiltersProps {
  text: string;
  onText: (text: string) => void;
  minMinutes: number;
  onMinMinutes: (minutes: number) => void;
  maxMinutes: number;
  onMaxMinutes: (minutes: number) => void;
}

function MinutesSelect({ label, value, options, onChange }: { label: string; value: number; options: readonly number[]; onChange: (minutes: number) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((m) => (
          <option key={m} value={m}>
            {m} min
          </option>
        ))}
      </select>
    </label>
  );
}

/** The search page's text and duration filters. */
export function SearchFilters({ text, onText, minMinutes, onMinMinutes, maxMinutes, onMaxMinutes }: SearchFiltersProps) {
  return (
    <Filters role="search" aria-label="Search filters">
      <label>
        Title or artist
        <Input type="search" value={text} onChange={(e) => onText(e.target.value)} placeholder="Search songs or artists" />
      </label>
      <MinutesSelect label="Minimum duration" value={minMinutes} options={SEARCH_MIN_DURATION_OPTIONS_MIN} onChange={onMinMinutes} />
      <MinutesSelect label="Maximum duration" value={maxMinutes} options={SEARCH_MAX_DURATION_OPTIONS_MIN} onChange={onMaxMinutes} />
    </Filters>
  );
}
