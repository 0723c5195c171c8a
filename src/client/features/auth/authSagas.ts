import type { PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '../../../contract/auth';
import { call, getContext, put, race, take, takeEvery, takeLatest, delay, fork } from 'redux-saga/effects';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { TOKEN_REFRESH_INTERVAL_MS } from '../../../contract/limits';
import { MESSAGES } from '../../../contract/messages';
import { baseApi } from '../../api/baseApi';
import type { Services } from '../../services';
import { isTokenValid } from '../../services/tokenStore';
import { AuthRequestError, loginCall, logoutCall, meCall, registerCall } from './authClient';
import { authActions } from '../../shared/session/authSlice';
import { KEPT_USER_KEY } from '../../shared/session/keptUser';
import { announceToOtherTabs, followOtherTabs } from './tabSyncSagas';

const services = () => getContext('services') as unknown as Services;
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * docs/product.md §4: no stored token (or one whose payload expiry has passed) -> signed out; else /auth/me.
 * When that fails the token is removed and the error kept; a session that merely ended says so calmly.
 * When the server does not answer and this browser kept the user (§2.17), the app opens signed in.
 */
export function* bootstrapSaga() {
  const svc: Services = yield services();
  const token: string | null = yield call([svc.tokenStore, svc.tokenStore.get]);
  if (!isTokenValid(token, svc.now())) {
    if (token) yield call([svc.tokenStore, svc.tokenStore.clear]);
    yield put(authActions.bootstrapFinishedSignedOut());
    return;
  }
  try {
    const body: Awaited<ReturnType<typeof meCall>> = yield call(meCall, svc, token);
    if (!body.success || !body.user) throw new Error(MESSAGES.authenticationFailed);
    yield put(authActions.authenticated(body.user));
  } catch (error) {
    // no answer at all (the server is down, the app opened from the cache): the user this browser kept, token and all
    const kept: string | null = error instanceof AuthRequestError && !error.status ? yield call([svc.storage, svc.storage.get], KEPT_USER_KEY) : null;
    if (kept) {
      yield put(authActions.authenticated(JSON.parse(kept) as PublicUser));
      return;
    }
    yield call([svc.tokenStore, svc.tokenStore.clear]);
    const message = error instanceof AuthRequestError && error.status === 401 ? AUTH_MESSAGES.sessionEnded : messageOf(error, MESSAGES.authenticationFailed);
    yield put(authActions.bootstrapFinishedSignedOut({ error: message }));
  }
}

/** Signs in and stores the token; docs/product.md §5: it succeeds only when the answer has success and a token. */
function* signIn(svc: Services, email: string, password: string) {
  const body: Awaited<ReturnType<typeof loginCall>> = yield call(loginCall, svc, { username: email, password });
  if (!body.success || !body.token?.token || !body.token.user) throw new Error(body.message ?? MESSAGES.loginFailed);
  yield call([svc.tokenStore, svc.tokenStore.set], body.token.token);
  return body.token.user;
}

export function* loginSaga(action: PayloadAction<{ email: string; password: string }>) {
  const svc: Services = yield services();
  try {
    const user: PublicUser = yield call(signIn, svc, action.payload.email, action.payload.password);
    yield put(authActions.authenticated(user));
    yield call(announceToOtherTabs, 'signedIn');
  } catch (error) {
    yield put(authActions.authFailed(messageOf(error, MESSAGES.loginFailed)));
  }
}

/** Creates the account, then signs in with it. Returns whether it worked (docs/product.md §8: false on failure). */
export function* registerSaga(action: PayloadAction<{ username: string; email: string; password: string }>): Generator<unknown, boolean, never> {
  const svc: Services = yield services();
  try {
    const body: Awaited<ReturnType<typeof registerCall>> = yield call(registerCall, svc, action.payload);
    if (!body.success) throw new Error(body.message ?? MESSAGES.registrationFailed);
    const user: PublicUser = yield call(signIn, svc, action.payload.email, action.payload.password);
    yield put(authActions.authenticated(user));
    yield call(announceToOtherTabs, 'signedIn');
    return true;
  } catch (error) {
    yield put(authActions.authFailed(error instanceof Error ? error.message : MESSAGES.registrationFailed));
    return false;
  }
}

/** Always signs out locally first (token removed, state reset, cache dropped), then tells the server. */
export function* logoutSaga() {
  const svc: Services = yield services();
  const token: string | null = yield call([svc.tokenStore, svc.tokenStore.get]);
  yield call([svc.tokenStore, svc.tokenStore.clear]);
  yield put(authActions.signedOut());
  yield put(baseApi.util.resetApiState());
  yield call(announceToOtherTabs, 'signedOut');
  try {
    if (token) yield call(logoutCall, svc, token);
  } catch {
    // signed out here whatever the server answered; the session ends by itself at its expiry
  }
}

/** A refresh failed (here or in a 401 retry): the stored token goes, and so does the cached data, in every tab. */
export function* sessionExpiredSaga() {
  const svc: Services = yield services();
  yield call([svc.tokenStore, svc.tokenStore.clear]);
  yield put(baseApi.util.resetApiState());
  yield call(announceToOtherTabs, 'signedOut');
}

const STOP = [authActions.logoutRequested.type, authActions.signedOut.type, authActions.sessionExpired.type];

/** While signed in: refresh every 840000 ms (docs/product.md §9), through the single-flight session service, until sign-out. */
export function* refreshLoop() {
  const svc: Services = yield services();
  for (;;) {
    const { stop }: { stop?: unknown } = yield race({ tick: delay(TOKEN_REFRESH_INTERVAL_MS), stop: take(STOP) });
    if (stop) return;
    const token: string | null = yield call([svc.session, svc.session.refresh]);
    if (!token) {
      yield put(authActions.sessionExpired());
      return;
    }
  }
}

export function* authSaga() {
  yield takeLatest(authActions.loginRequested.type, loginSaga);
  yield takeLatest(authActions.registerRequested.type, registerSaga);
  yield takeEvery(authActions.logoutRequested.type, logoutSaga);
  yield takeEvery(authActions.sessionExpired.type, sessionExpiredSaga);
  yield takeLatest(authActions.authenticated.type, refreshLoop);
  yield fork(bootstrapSaga);
  yield fork(followOtherTabs);
}
