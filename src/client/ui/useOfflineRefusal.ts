import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { OFFLINE_CHANGE_REFUSED } from '../../contract/keptMessages';
import { toastShown } from './toast/toastSlice';
import { useOnlineStatus } from './useOnlineStatus';

/** The transport's failure when no answer came (transport.ts: status 0), other than an abort. */
const noAnswer = (error: unknown) => {
  const failure = error as { status?: unknown; message?: unknown } | undefined;
  return failure?.status === 0 && failure.message !== 'Request aborted';
};

export interface OfflineRefusal {
  /** Offline now: says so in a toast and returns true, so the change is not tried (nothing is queued). */
  refuse: () => boolean;
  /** Why a change failed: the offline message when the server did not answer, else `usual`. */
  failure: (error: unknown, usual: string) => string;
  online: boolean;
}

/**
 * docs/product.md §2.17: a change the server must make (a like, a playlist edit) asked for while the
 * app cannot reach it is refused with one clear message, never queued and never lost silently.
 */
export function useOfflineRefusal(): OfflineRefusal {
  const online = useOnlineStatus();
  const dispatch = useDispatch();
  const refuse = useCallback(() => {
    if (online) return false;
    dispatch(toastShown(OFFLINE_CHANGE_REFUSED, 'error'));
    return true;
  }, [online, dispatch]);
  const failure = useCallback((error: unknown, usual: string) => (!online || noAnswer(error) ? OFFLINE_CHANGE_REFUSED : usual), [online]);
  return { refuse, failure, online };
}
