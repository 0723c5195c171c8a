import { eventChannel, type EventChannel } from 'redux-saga';
import { call, getContext, put, select, take } from 'redux-saga/effects';
import { baseApi } from '../../api/baseApi';
import type { Services } from '../../services';
import type { TabSessionEvent, TabSync } from '../../services/session/TabSync';
import { isTokenValid } from '../../services/tokenStore';
import { authActions, selectAuth, type AuthState } from '../../shared/session/authSlice';
import { meCall } from './authClient';

const services = () => getContext('services') as unknown as Services;

/** Tells the other tabs of this browser; they follow (docs/product.md §4.1). */
export function* announceToOtherTabs(event: TabSessionEvent) {
  const svc: Services = yield services();
  yield call([svc.tabSync, svc.tabSync.announce], event);
}

/**
 * Another tab signed out: the stored token is already gone (the tabs share it), so this tab only
 * drops its user and cached data. The guards then send it to /auth/login, and nothing is left to
 * ask the server for with no token (no "Failed to fetch" errors).
 */
export function* signedOutInAnotherTab() {
  const auth: AuthState = yield select(selectAuth);
  if (!auth.isAuthenticated) return;
  yield put(authActions.signedOut());
  yield put(baseApi.util.resetApiState());
}

/** Another tab signed in: this tab takes the shared token and asks who it belongs to. */
export function* signedInInAnotherTab() {
  const auth: AuthState = yield select(selectAuth);
  if (auth.isAuthenticated) return;
  const svc: Services = yield services();
  const token: string | null = yield call([svc.tokenStore, svc.tokenStore.get]);
  if (!isTokenValid(token, svc.now())) return;
  try {
    const body: Awaited<ReturnType<typeof meCall>> = yield call(meCall, svc, token);
    if (body.success && body.user) yield put(authActions.authenticated(body.user));
  } catch {
    // this tab stays signed out; its own sign-in form still works
  }
}

export const tabEvents = (tabSync: TabSync): EventChannel<TabSessionEvent> => eventChannel((emit) => tabSync.subscribe(emit));

/**
 * Follows the other tabs' sign-outs and sign-ins. What this tab does in answer is never announced
 * back (it puts signedOut or authenticated, not the requests that announce), so tabs do not echo.
 */
export function* followOtherTabs() {
  const svc: Services = yield services();
  const channel: EventChannel<TabSessionEvent> = yield call(tabEvents, svc.tabSync);
  try {
    for (;;) {
      const event: TabSessionEvent = yield take(channel);
      yield call(event === 'signedOut' ? signedOutInAnotherTab : signedInInAnotherTab);
    }
  } finally {
    channel.close();
  }
}
