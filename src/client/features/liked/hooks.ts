import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { MESSAGES } from '../../../contract/messages';
import { selectIsAuthenticated } from '../../shared/session';
import { toastShown } from '../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../ui/useOfflineRefusal';
import { useGetLikedIdsQuery, useToggleLikeMutation } from './likedApi';

/** Whether one song is liked, read from the shared ids cache; re-renders only when that answer changes. */
export function useIsLiked(songId: string): boolean {
  const signedIn = useSelector(selectIsAuthenticated);
  const { liked } = useGetLikedIdsQuery(undefined, {
    skip: !signedIn,
    selectFromResult: ({ data }) => ({ liked: data?.songIds.includes(songId) ?? false }),
  });
  return liked;
}

/** How many songs the user likes (for the home tile). */
export function useLikedCount(): number | null {
  const signedIn = useSelector(selectIsAuthenticated);
  const { count } = useGetLikedIdsQuery(undefined, {
    skip: !signedIn,
    selectFromResult: ({ data }) => ({ count: data ? data.songIds.length : null }),
  });
  return count;
}

/** Toggles a like (optimistically); a visitor is asked to log in; offline, the like is refused, never lost silently. */
export function useToggleLike(): (songId: string) => void {
  const signedIn = useSelector(selectIsAuthenticated);
  const dispatch = useDispatch();
  const [toggle] = useToggleLikeMutation();
  const { refuse } = useOfflineRefusal();
  return useCallback(
    (songId: string) => {
      if (!signedIn) {
        dispatch(toastShown(MESSAGES.pleaseLogInToLike, 'error'));
        return;
      }
      if (refuse()) return;
      void toggle({ songId });
    },
    [signedIn, refuse, dispatch, toggle],
  );
}
