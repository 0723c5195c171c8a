import type { Store } from '@reduxjs/toolkit';
import { clearKeptMusic, getKeptRecords } from '../../shared/kept';
import { selectAuth } from '../../shared/session';

/**
 * docs/product.md §2.17: the music kept on this device belongs to the user who kept it. When the
 * signed-in user goes (a sign-out here or in another tab, a session that ended) or another user
 * signs in, the kept files and their records are removed. (The player's queue goes at sign-out
 * already: player/persistenceSagas.ts.)
 */
export function clearKeptOnSignOut(store: Store, clear: () => Promise<void> = clearKeptMusic, owner = () => getKeptRecords().owner): void {
  let last: { id: string } | null = null;
  const sync = () => {
    const { user, isLoading } = selectAuth(store.getState());
    if (isLoading) return;
    const kept = owner();
    if ((last && !user) || (user && kept && kept !== user.id)) void clear().catch(() => undefined);
    last = user;
  };
  store.subscribe(sync);
  sync();
}
