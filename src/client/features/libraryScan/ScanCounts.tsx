import styled from 'styled-components';
import type { ScanCounters } from '../../../contract/library';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(110px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.2rem;
    font-variant-numeric: tabular-nums;
  }
`;

const SHOWN: [keyof ScanCounters, string][] = [
  ['filesSeen', 'Files seen'],
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['moved', 'Moved'],
  // a scan no longer deletes: `removed` counts the songs it marked missing (docs/product.md §5.7)
  ['removed', 'Marked missing'],
  ['failed', 'Failed'],
];

/** The counters of a scan, running or finished. */
export function ScanCounts({ counters, label }: { counters: ScanCounters; label: string }) {
  return (
    <List aria-label={label}>
      {SHOWN.map(([key, name]) => (
        <div key={key}>
          <dt>{name}</dt>
          <dd>{counters[key].toLocaleString()}</dd>
        </div>
      ))}
    </List>
  );
}
