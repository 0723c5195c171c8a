import styled, { type DefaultTheme } from 'styled-components';
import type { SuggestionStatus } from '../../../../contract/musicbox';

const STATUS_LABEL: Record<SuggestionStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/**
 * Yellow, green and red as text on the row (white, or the highlight's tint): the light theme's
 * warning, success and danger are too pale for 12 px text there (axe color-contrast), so the light
 * badges take darker shades of them (at least 5.3:1 on both); the dark theme's pass as they are.
 */
const LIGHT_TEXT: Record<SuggestionStatus, string> = { pending: '#8a5700', approved: '#1f6b24', rejected: '#b3261e' };

function badgeColour(theme: DefaultTheme, status: SuggestionStatus): string {
  if (theme.name === 'light') return LIGHT_TEXT[status];
  return status === 'approved' ? theme.color.success : status === 'rejected' ? theme.color.danger : theme.color.warning;
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
