import type { Store } from '@reduxjs/toolkit';
import { KEPT_USER_KEY, selectAuth } from '../../shared/session';
import type { KeyValueStore } from '../../services/storage';

/**
 * Keeps the signed-in user in this browser while signed in and forgets them at sign-out, so the app
 * opened offline starts signed in (shared/session/keptUser.ts). Only the public profile is kept.
 */
export function keepSignedInUser(store: Store, storage: KeyValueStore): void {
  let last: unknown;
  const sync = () => {
    const auth = selectAuth(store.getState());
    if (auth.isLoading || auth.user === last) return;
    last = auth.user;
    if (auth.user) storage.set(KEPT_USER_KEY, JSON.stringify(auth.user));
    else storage.remove(KEPT_USER_KEY);
  };
  store.subscribe(sync);
  sync();
}
