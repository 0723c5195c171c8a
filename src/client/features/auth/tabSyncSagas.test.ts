import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { PublicUser } from '../../../contract/auth';
import { baseApi } from '../../api/baseApi';
import type { TabSessionEvent, TabSync } from '../../services/session/TabSync';
import { authActions, authSlice, type AuthState } from '../../shared/session/authSlice';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { AuthRequestError, loginCall, logoutCall, meCall } from './authClient';
import { authSaga, loginSaga, logoutSaga, sessionExpiredSaga } from './authSagas';
import { followOtherTabs, signedInInAnotherTab, signedOutInAnotherTab } from './tabSyncSagas';

const NOW = Date.UTC(2026, 0, 1, 12);
const user: PublicUser = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user', createdAt: '2026-01-01T00:00:00.000Z' };
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(NOW / 1000) + 600 })}.sig`;

const signedIn: AuthState = { user, isAuthenticated: true, isLoading: false, error: null };
const signedOut: AuthState = { user: null, isAuthenticated: false, isLoading: false, error: null };
const reducer = combineReducers({ auth: authSlice.reducer });

/** This tab's side of the channel: what it announced, and a way for "another tab" to speak. */
function fakeTabSync() {
  const announced: TabSessionEvent[] = [];
  const listeners = new Set<(e: TabSessionEvent) => void>();
  const tabSync: TabSync = {
    announce: (e) => void announced.push(e),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { tabSync, announced, otherTabSays: (e: TabSessionEvent) => listeners.forEach((l) => l(e)), listeners };
}

function setup(stored: string | null = null) {
  const sync = fakeTabSync();
  const svc = createTestServices({ tokenStore: memoryTokenStore(stored), now: () => NOW, tabSync: sync.tabSync });
  return { ...sync, svc, ctx: [matchers.getContext('services'), svc] as [matchers.Matcher, unknown] };
}

describe('this tab tells the others', () => {
  it('a sign-in announces signedIn (never the token)', async () => {
    const { ctx, announced } = setup();
    await expectSaga(loginSaga, authActions.loginRequested({ email: 'ada@example.test', password: 'pw' }))
      .withReducer(reducer, { auth: signedOut })
      .provide([ctx, [matchers.call.fn(loginCall), { success: true, token: { token, user } }]])
      .silentRun();
    expect(announced).toEqual(['signedIn']);
  });

  it('a failed sign-in announces nothing', async () => {
    const { ctx, announced } = setup();
    await expectSaga(loginSaga, authActions.loginRequested({ email: 'ada@example.test', password: 'no' }))
      .withReducer(reducer, { auth: signedOut })
      .provide([ctx, [matchers.call.fn(loginCall), throwError(new AuthRequestError('Invalid email or password', 401))]])
      .silentRun();
    expect(announced).toEqual([]);
  });

  it('a logout announces signedOut, even when the server call fails', async () => {
    const { ctx, announced } = setup(token);
    await expectSaga(logoutSaga)
      .withReducer(reducer, { auth: signedIn })
      .provide([ctx, [matchers.call.fn(logoutCall), throwError(new AuthRequestError('Network error', 0))]])
      .silentRun();
    expect(announced).toEqual(['signedOut']);
  });

  it('an expired session announces signedOut', async () => {
    const { ctx, announced, svc } = setup(token);
    await expectSaga(sessionExpiredSaga).withReducer(reducer, { auth: signedOut }).provide([ctx]).silentRun();
    expect(announced).toEqual(['signedOut']);
    expect(svc.tokenStore.get()).toBeNull();
  });
});

describe('this tab follows the others', () => {
  it("another tab's sign-out signs this one out and drops the cached data, without announcing back", async () => {
    const { ctx, announced } = setup(null);
    const { storeState } = await expectSaga(signedOutInAnotherTab)
      .withReducer(reducer, { auth: signedIn })
      .provide([ctx])
      .put(authActions.signedOut())
      .put(baseApi.util.resetApiState())
      .silentRun();
    expect(storeState.auth).toEqual(signedOut);
    expect(announced).toEqual([]);
  });

  it('a sign-out heard while already signed out changes nothing (keeps the sign-in error)', async () => {
    const { ctx } = setup(null);
    const { storeState, effects } = await expectSaga(signedOutInAnotherTab)
      .withReducer(reducer, { auth: { ...signedOut, error: 'Invalid email or password' } })
      .provide([ctx])
      .silentRun();
    expect(storeState.auth.error).toBe('Invalid email or password');
    expect(effects.put).toBeUndefined();
  });

  it("another tab's sign-in: this tab asks who the shared token belongs to and is signed in, without announcing back", async () => {
    const { ctx, svc, announced } = setup(token);
    const { storeState } = await expectSaga(signedInInAnotherTab)
      .withReducer(reducer, { auth: signedOut })
      .provide([ctx, [matchers.call.fn(meCall), { success: true, user }]])
      .call(meCall, svc, token)
      .silentRun();
    expect(storeState.auth).toEqual(signedIn);
    expect(announced).toEqual([]);
  });

  it('a sign-in heard with no valid token, or while signed in, asks nothing', async () => {
    const me = jest.fn();
    for (const [stored, auth] of [
      [null, signedOut],
      ['not-a-jwt', signedOut],
      [token, signedIn],
    ] as const) {
      const { ctx } = setup(stored);
      const { storeState } = await expectSaga(signedInInAnotherTab)
        .withReducer(reducer, { auth })
        .provide([ctx, [matchers.call.fn(meCall), dynamic(me)]])
        .silentRun();
      expect(storeState.auth).toEqual(auth);
    }
    expect(me).not.toHaveBeenCalled();
  });

  it('when asking fails this tab stays signed out, quietly, and the shared token stays', async () => {
    const { ctx, svc } = setup(token);
    const { storeState } = await expectSaga(signedInInAnotherTab)
      .withReducer(reducer, { auth: signedOut })
      .provide([ctx, [matchers.call.fn(meCall), throwError(new AuthRequestError('Network error', 0))]])
      .silentRun();
    expect(storeState.auth).toEqual(signedOut);
    expect(svc.tokenStore.get()).toBe(token);
  });

  // The waits leave room for a loaded machine: with two jest workers on two cores, 5-10 ms steps in a
  // 50-60 ms run let the run end before the last announcement was followed.
  it('followOtherTabs reacts to each announcement in turn and unsubscribes when cancelled', async () => {
    const { ctx, otherTabSays, listeners, svc } = setup(token);
    const run = expectSaga(followOtherTabs)
      .withReducer(reducer, { auth: signedOut })
      .provide([ctx, [matchers.call.fn(meCall), { success: true, user }]])
      .silentRun(400);
    await new Promise((r) => setTimeout(r, 40));
    otherTabSays('signedIn');
    await new Promise((r) => setTimeout(r, 40));
    svc.tokenStore.clear();
    otherTabSays('signedOut');
    const { storeState } = await run;
    expect(storeState.auth).toEqual(signedOut);
    expect(listeners.size).toBe(0);
  });

  it('the whole auth saga follows a sign-out and a later sign-in of another tab', async () => {
    const { ctx, otherTabSays, svc, announced } = setup(token);
    const run = expectSaga(authSaga)
      .withReducer(reducer, { auth: { ...signedOut, isLoading: true } })
      .provide([ctx, [matchers.call.fn(meCall), { success: true, user }]])
      .silentRun(500);
    await new Promise((r) => setTimeout(r, 50));
    svc.tokenStore.clear();
    otherTabSays('signedOut');
    await new Promise((r) => setTimeout(r, 50));
    svc.tokenStore.set(token);
    otherTabSays('signedIn');
    const { storeState, effects } = await run;
    expect(storeState.auth).toEqual(signedIn);
    expect(effects.put.map((e: { payload: { action: { type: string } } }) => e.payload.action.type)).toEqual([
      'auth/authenticated',
      'auth/signedOut',
      `${baseApi.reducerPath}/resetApiState`,
      'auth/authenticated',
    ]);
    expect(announced).toEqual([]);
  });
});
