import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import type { Suggestion } from '../../../../contract/musicbox';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { selectIsAdmin, selectUser } from '../../../shared/session';
import { useGetSuggestionsInfiniteQuery } from '../musicBoxApi';
import { selectMusicBox } from '../musicBoxSlice';
import { SuggestionItem, type ModerationAction } from './SuggestionItem';
import { useModeration, useRevealSuggestion, useUniqueSuggestions, useVoteAndQueue, withAddedFirst } from './useSuggestionActions';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(4)};
`;

const CONFIRM: Record<ModerationAction, { title: string; message: (s: Suggestion) => string; label: string; danger: boolean }> = {
  approve: { title: 'Approve suggestion', message: (s) => `Approve “${s.title}” by ${s.artist}?`, label: 'Approve', danger: false },
  reject: { title: 'Reject suggestion', message: (s) => `Reject “${s.title}” by ${s.artist}?`, label: 'Reject', danger: true },
  delete: { title: 'Delete suggestion', message: (s) => `Are you sure you want to delete “${s.title}” by ${s.artist}?`, label: 'Delete', danger: true },
};

/** The suggestions of the current sort and search, with votes, moderation and Load More. */
export function SuggestionList() {
  const { sort, search, revealId, highlightedId, added } = useSelector(selectMusicBox);
  const user = useSelector(selectUser);
  const isAdmin = useSelector(selectIsAdmin);
  const { data, isLoading, isError, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetSuggestionsInfiniteQuery({ sort, search });
  const listed = useUniqueSuggestions(data?.pages);
  const { suggestions, freshIds } = useMemo(() => withAddedFirst(added, listed, search), [added, listed, search]);
  useRevealSuggestion(revealId, isFetching, listed, hasNextPage, fetchNextPage);
  const { onVote, onQueue } = useVoteAndQueue();
  const moderation = useModeration();
  const { pending } = moderation;

  let body;
  if (isLoading) body = <Spinner aria-label="Loading suggestions" />;
  else if (isError && suggestions.length === 0) body = <ErrorMessage>{MESSAGES.failedToFetchSuggestions}</ErrorMessage>;
  else if (suggestions.length === 0) body = <EmptyState>{MESSAGES.noSuggestionsYet}</EmptyState>;
  else
    body = (
      <>
        <List aria-label="Suggestions" aria-busy={isFetching}>
          {suggestions.map((s) => (
            <SuggestionItem
              key={s.id}
              suggestion={s}
              highlighted={s.id === highlightedId}
              fresh={freshIds.has(s.id)}
              isAdmin={isAdmin}
              isOwner={s.suggestedBy === user?.id}
              onVote={onVote}
              onModerate={moderation.onModerate}
              onQueue={onQueue}
            />
          ))}
        </List>
        {isError ? <ErrorMessage>{MESSAGES.failedToFetchSuggestions}</ErrorMessage> : null}
        {hasNextPage ? (
          <More>
            <Button type="button" $variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading…' : 'Load More'}
            </Button>
          </More>
        ) : null}
      </>
    );

  const dialog = pending ? CONFIRM[pending.action] : null;
  return (
    <section aria-label="Suggestion list">
      {body}
      <ConfirmDialog
        open={Boolean(pending)}
        title={dialog?.title ?? ''}
        message={pending && dialog ? dialog.message(pending.suggestion) : ''}
        confirmLabel={dialog?.label ?? ''}
        danger={dialog?.danger}
        busy={moderation.busy}
        onConfirm={() => void moderation.confirm()}
        onCancel={moderation.cancel}
      />
    </section>
  );
}
