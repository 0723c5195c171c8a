import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { MESSAGES } from '../../../../contract/messages';
import type { Suggestion, SuggestionsResponse } from '../../../../contract/musicbox';
import { useAddRadioTrackMutation } from '../../../api/radioQueueApi';
import { toastShown } from '../../../ui/toast/toastSlice';
import { failureMessage, useDeleteSuggestionMutation, useToggleVoteMutation, useUpdateSuggestionStatusMutation } from '../musicBoxApi';
import { musicBoxActions } from '../musicBoxSlice';
import type { ModerationAction } from './SuggestionItem';

/** Offset pages can overlap while votes move items between pages: each suggestion once. */
export function useUniqueSuggestions(pages: SuggestionsResponse[] | undefined): Suggestion[] {
  return useMemo(() => {
    const seen = new Set<string>();
    const out: Suggestion[] = [];
    for (const page of pages ?? [])
      for (const s of page.suggestions)
        if (!seen.has(s.id)) {
          seen.add(s.id);
          out.push(s);
        }
    return out;
  }, [pages]);
}

/**
 * My suggestions added since the page loaded come first, newest first, whatever the sort (the
 * list's fresher copy when it has one); under a search, only those the search found.
 */
export function withAddedFirst(added: Suggestion[], listed: Suggestion[], search: string): { suggestions: Suggestion[]; freshIds: Set<string> } {
  const byId = new Map(listed.map((s) => [s.id, s]));
  const pinned = added.filter((s) => !search || byId.has(s.id)).map((s) => byId.get(s.id) ?? s);
  const freshIds = new Set(pinned.map((s) => s.id));
  return { suggestions: [...pinned, ...listed.filter((s) => !freshIds.has(s.id))], freshIds };
}

/** Brings a duplicate's original into view: loads pages until it is there, then scrolls to it. */
export function useRevealSuggestion(revealId: string | null, busy: boolean, suggestions: Suggestion[], hasNextPage: boolean, fetchNextPage: () => unknown) {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!revealId || busy) return;
    if (suggestions.some((s) => s.id === revealId)) {
      document.getElementById(`suggestion-${revealId}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      dispatch(musicBoxActions.suggestionRevealed(revealId));
    } else if (hasNextPage) {
      void fetchNextPage();
    } else {
      dispatch(musicBoxActions.revealAbandoned());
    }
  }, [revealId, busy, suggestions, hasNextPage, fetchNextPage, dispatch]);
}

/** Vote, and (admins) put an approved suggestion that is in the library on the radio queue. */
export function useVoteAndQueue() {
  const dispatch = useDispatch();
  const [toggleVote] = useToggleVoteMutation();
  const [queueSong] = useAddRadioTrackMutation();
  const onVote = useCallback((s: Suggestion) => void toggleVote({ id: s.id }), [toggleVote]);
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
  return { onVote, onQueue };
}

/** Approve, reject or delete, each after a confirmation. */
export function useModeration() {
  const dispatch = useDispatch();
  const [updateStatus, statusState] = useUpdateSuggestionStatusMutation();
  const [deleteSuggestion, deleteState] = useDeleteSuggestionMutation();
  const [pending, setPending] = useState<{ suggestion: Suggestion; action: ModerationAction } | null>(null);
  const onModerate = useCallback((suggestion: Suggestion, action: ModerationAction) => setPending({ suggestion, action }), []);
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
  return { pending, onModerate, confirm, cancel: () => setPending(null), busy: statusState.isLoading || deleteState.isLoading };
}
