import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { OFFLINE_CHANGE_REFUSED } from '../../../contract/keptMessages';
import { MESSAGES } from '../../../contract/messages';
import { selectIsAuthenticated } from '../../shared/session';
import { toastShown } from '../../ui/toast/toastSlice';
import { useOnlineStatus } from '../../ui/useOnlineStatus';
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
  const online = useOnlineStatus();
  return useCallback(
    (songId: string) => {
      if (!signedIn) {
        dispatch(toastShown(MESSAGES.pleaseLogInToLike, 'error'));
        return;
      }
      if (!online) {
        dispatch(toastShown(OFFLINE_CHANGE_REFUSED, 'error'));
        return;
      }
      void toggle({ songId });
    },
    [signedIn, online, dispatch, toggle],
  );
}
