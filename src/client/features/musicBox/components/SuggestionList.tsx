import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import type { Suggestion } from '../../../../contract/musicbox';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { toastShown } from '../../../ui/toast/toastSlice';
import { selectIsAdmin, selectUser } from '../../../shared/session';
import {
  failureMessage,
  useDeleteSuggestionMutation,
  useGetSuggestionsInfiniteQuery,
  useQueueSuggestedSongMutation,
  useToggleVoteMutation,
  useUpdateSuggestionStatusMutation,
} from '../musicBoxApi';
import { musicBoxActions, selectMusicBox } from '../musicBoxSlice';
import { SuggestionItem, type ModerationAction } from './SuggestionItem';

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
  const dispatch = useDispatch();
  const { sort, search, revealId, highlightedId } = useSelector(selectMusicBox);
  const user = useSelector(selectUser);
  const isAdmin = useSelector(selectIsAdmin);
  const query = useGetSuggestionsInfiniteQuery({ sort, search });
  const { data, isLoading, isError, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const [toggleVote] = useToggleVoteMutation();
  const [updateStatus, statusState] = useUpdateSuggestionStatusMutation();
  const [deleteSuggestion, deleteState] = useDeleteSuggestionMutation();
  const [queueSong] = useQueueSuggestedSongMutation();
  const [pending, setPending] = useState<{ suggestion: Suggestion; action: ModerationAction } | null>(null);

  // Offset pages can overlap while votes move items between pages: show each suggestion once.
  const suggestions = useMemo(() => {
    const seen = new Set<string>();
    const out: Suggestion[] = [];
    for (const page of data?.pages ?? [])
      for (const s of page.suggestions)
        if (!seen.has(s.id)) {
          seen.add(s.id);
          out.push(s);
        }
    return out;
  }, [data]);

  // Bring a duplicate's original into view: load pages until it is there, then scroll to it.
  useEffect(() => {
    if (!revealId || isFetching) return;
    if (suggestions.some((s) => s.id === revealId)) {
      document.getElementById(`suggestion-${revealId}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      dispatch(musicBoxActions.suggestionRevealed(revealId));
    } else if (hasNextPage) {
      void fetchNextPage();
    } else {
      dispatch(musicBoxActions.revealAbandoned());
    }
  }, [revealId, isFetching, suggestions, hasNextPage, fetchNextPage, dispatch]);

  const onVote = useCallback((s: Suggestion) => void toggleVote({ id: s.id }), [toggleVote]);
  const onModerate = useCallback((suggestion: Suggestion, action: ModerationAction) => setPending({ suggestion, action }), []);
  const onQueue = useCallback(
    async (s: Suggestion) => {
      if (!s.songId) return;
      try {
        await queueSong({ songId: s.songId }).unwrap();
        dispatch(toastShown(`“${s.title}” was added to the radio queue`, 'success'));
      } catch {
        dispatch(toastShown(MESSAGES.failedToAddTrackToQueue, 'error'));
      }
    },
    [queueSong, dispatch],
  );

  async function confirm() {
    if (!pending) return;
    const { suggestion, action } = pending;
    try {
      if (action === 'delete') await deleteSuggestion({ id: suggestion.id }).unwrap();
      else await updateStatus({ id: suggestion.id, status: action === 'approve' ? 'approved' : 'rejected' }).unwrap();
    } catch (error) {
      const fallback = action === 'delete' ? MESSAGES.failedToDeleteSuggestion : MESSAGES.failedToUpdateSuggestionStatus;
      dispatch(toastShown(failureMessage(error, fallback), 'error'));
    }
    setPending(null);
  }

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
              isAdmin={isAdmin}
              isOwner={s.suggestedBy === user?.id}
              onVote={onVote}
              onModerate={onModerate}
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
        busy={statusState.isLoading || deleteState.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
