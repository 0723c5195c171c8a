import { memo } from 'react';
import styled, { css } from 'styled-components';
import type { Suggestion } from '../../../../contract/musicbox';
import { Button } from '../../../ui/Button';
import { Artwork } from '../../../ui/cover/Artwork';
import { songCoverName } from '../../../ui/cover/coverArt';
import { TrashIcon } from '../../../ui/icons';
import { formatSuggestionDate, shortId } from './SuggestForm';
import { StatusBadge } from './StatusBadge';

export type ModerationAction = 'approve' | 'reject' | 'delete';

const Row = styled.li<{ $highlighted: boolean }>`
  display: grid;
  grid-template-columns: auto auto 1fr auto;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid transparent;
  background: ${({ theme }) => theme.color.surface};
  transition:
    box-shadow 0.3s,
    border-color 0.3s;
  scroll-margin: 96px;
  ${({ $highlighted, theme }) =>
    $highlighted &&
    css`
      /* a frame and a bar, not a tint: the badges keep their contrast on the row's surface */
      border-color: ${theme.color.accent};
      box-shadow: inset 6px 0 0 ${theme.color.accent};
    `}
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: auto auto 1fr;
    & > :last-child {
      grid-column: 1 / -1;
    }
  }
`;

const Vote = styled.button<{ $active: boolean }>`
  display: grid;
  justify-items: center;
  min-width: 56px;
  min-height: 56px;
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.color.accent : theme.color.border)};
  background: ${({ theme, $active }) => ($active ? theme.color.accent : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.color.accentText : theme.color.text)};
  font-weight: 700;
  cursor: pointer;
  span:first-child {
    font-size: 0.8rem;
  }
`;

const Info = styled.div`
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
`;

/** Says in words what the highlight of my new suggestion says in colour. */
const Fresh = styled.p`
  && {
    display: inline-block;
    margin: 0 0 ${({ theme }) => theme.space(1)};
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.accentText};
    font-size: 0.75rem;
    font-weight: 700;
  }
`;

export interface SuggestionItemProps {
  suggestion: Suggestion;
  highlighted: boolean;
  /** my suggestion, added since the page loaded: first in the list and marked "Just added" */
  fresh?: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  onVote: (suggestion: Suggestion) => void;
  onModerate: (suggestion: Suggestion, action: ModerationAction) => void;
  onQueue: (suggestion: Suggestion) => void;
}

export const SuggestionItem = memo(function SuggestionItem({
  suggestion: s,
  highlighted,
  fresh = false,
  isAdmin,
  isOwner,
  onVote,
  onModerate,
  onQueue,
}: SuggestionItemProps) {
  const marked = highlighted || fresh;
  return (
    <Row id={`suggestion-${s.id}`} $highlighted={marked} data-highlighted={marked || undefined}>
      <Vote
        type="button"
        $active={s.hasVoted}
        aria-pressed={s.hasVoted}
        aria-label={`${s.hasVoted ? 'Remove your vote for' : 'Vote for'} ${s.title}, ${s.voteCount} ${s.voteCount === 1 ? 'vote' : 'votes'}`}
        onClick={() => onVote(s)}
      >
        <span aria-hidden="true">▲</span>
        <span data-testid="vote-count">{s.voteCount}</span>
      </Vote>
      <Artwork url={s.artworkUrl} name={songCoverName(s.title, s.artist)} thumb={64} size={48} />
      <Info>
        {fresh ? <Fresh>Just added</Fresh> : null}
        <h3>
          {s.title}
          <StatusBadge status={s.status} />
        </h3>
        <p>
          {s.artist} · suggested by {s.suggestedByUser.username || shortId(s.suggestedBy)} on {formatSuggestionDate(s.createdAt)}
        </p>
      </Info>
      <Actions>
        {isAdmin && s.status === 'approved' && s.songId ? (
          <Button type="button" $size="sm" $variant="secondary" onClick={() => onQueue(s)}>
            Add to radio queue
          </Button>
        ) : null}
        {isAdmin && s.status === 'pending' ? (
          <>
            <Button type="button" $size="sm" onClick={() => onModerate(s, 'approve')} aria-label={`Approve ${s.title}`}>
              Approve
            </Button>
            <Button type="button" $size="sm" $variant="secondary" onClick={() => onModerate(s, 'reject')} aria-label={`Reject ${s.title}`}>
              Reject
            </Button>
          </>
        ) : null}
        {isAdmin || isOwner ? (
          <Button type="button" $size="sm" $variant="ghost" onClick={() => onModerate(s, 'delete')} aria-label={`Delete ${s.title}`}>
            <TrashIcon width={18} height={18} aria-hidden="true" />
          </Button>
        ) : null}
      </Actions>
    </Row>
  );
});
