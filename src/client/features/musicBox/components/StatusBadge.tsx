import styled, { type DefaultTheme } from 'styled-components';
import type { SuggestionStatus } from '../../../../contract/musicbox';

const STATUS_LABEL: Record<SuggestionStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/**
 * Yellow, green and red as 12 px text on the row's surface. The light theme's warning (#a86a00) has
 * 4.44:1 on white, under the 4.5:1 small text needs (axe color-contrast), so light pending takes a
 * darker amber (6.1:1); green and red pass as they are, and so do all three in the dark theme.
 */
const LIGHT_PENDING = '#8a5700';

function badgeColour(theme: DefaultTheme, status: SuggestionStatus): string {
  if (status === 'approved') return theme.color.success;
  if (status === 'rejected') return theme.color.danger;
  return theme.name === 'light' ? LIGHT_PENDING : theme.color.warning;
}

const Badge = styled.span<{ $status: SuggestionStatus }>`
  display: inline-block;
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  vertical-align: middle;
  border: 1px solid currentColor;
  color: ${({ theme, $status }) => badgeColour(theme, $status)};
`;

/** docs/product.md §4: pending yellow, approved green, rejected red (and the status in words). */
export function StatusBadge({ status }: { status: SuggestionStatus }) {
  return (
    <Badge $status={status} data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
