import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { PublicUser } from '../../../contract/auth';
import type { Services } from '../../services';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { AuthRequestError, loginCall, logoutCall, meCall, registerCall } from './authClient';
import { authSaga, bootstrapSaga, loginSaga, logoutSaga, refreshLoop, registerSaga } from './authSagas';
import { authActions, authSlice, type AuthState } from '../../shared/session/authSlice';

const NOW = Date.UTC(2026, 0, 1, 12);
const user: PublicUser = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user', createdAt: '2026-01-01T00:00:00.000Z' };
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A JWT-shaped token whose payload expires `inSeconds` after NOW (the signature is not checked on the client). */
const jwt = (inSeconds: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(NOW / 1000) + inSeconds })}.sig`;

const loading: AuthState = { user: null, isAuthenticated: false, isLoading: true, error: null };
const signedIn: AuthState = { user, isAuthenticated: true, isLoading: false, error: null };
const signedOut: AuthState = { user: null, isAuthenticated: false, isLoading: false, error: null };

function services(token: string | null = null, overrides: Partial<Services> = {}) {
  return createTestServices({ tokenStore: memoryTokenStore(token), now: () => NOW, ...overrides });
}
const ctx = (svc: Services): [matchers.Matcher, unknown] => [matchers.getContext('services'), svc];

describe('bootstrap (docs/product.md §4)', () => {
  it('with no stored token: unauthenticated and not loading, no call made', async () => {
    const svc = services(null);
    const me = jest.fn();
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), dynamic(me)]])
      .silentRun();
    expect(storeState).toEqual(signedOut);
    expect(me).not.toHaveBeenCalled();
  });

  it('with a valid token: fetches /auth/me and is authenticated', async () => {
    const svc = services(jwt(600));
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), { success: true, user }]])
      .call(meCall, svc, jwt(600))
      .silentRun();
    expect(storeState).toEqual(signedIn);
    expect(svc.tokenStore.get()).toBe(jwt(600));
  });

  it('with a token whose payload expiry has passed: counts as absent, removed, no call made', async () => {
    const svc = services(jwt(-1));
    const me = jest.fn();
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), dynamic(me)]])
      .silentRun();
    expect(storeState).toEqual(signedOut);
    expect(me).not.toHaveBeenCalled();
    expect(svc.tokenStore.get()).toBeNull();
  });

  it('when /auth/me fails: the token is removed, unauthenticated with the error', async () => {
    const svc = services(jwt(600));
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), throwError(new AuthRequestError('Network error', 0))]])
      .silentRun();
    expect(storeState).toEqual({ ...signedOut, error: 'Network error' });
    expect(svc.tokenStore.get()).toBeNull();
  });

  it('when the server does not answer and this browser kept the user: signed in as them, the token kept (docs/product.md §2.17)', async () => {
    const svc = services(jwt(600));
    svc.storage.set('wavelength.user', JSON.stringify(user));
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), throwError(new AuthRequestError('Network error', 0))]])
      .silentRun();
    expect(storeState).toEqual(signedIn);
    expect(svc.tokenStore.get()).toBe(jwt(600));
  });

  it('a kept user does not outlive an answer that refuses the session', async () => {
    const svc = services(jwt(600));
    svc.storage.set('wavelength.user', JSON.stringify(user));
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), throwError(new AuthRequestError('Authentication required', 401))]])
      .silentRun();
    expect(storeState).toEqual({ ...signedOut, error: 'Your session has ended. Please sign in again.' });
    expect(svc.tokenStore.get()).toBeNull();
  });

  it('when the session has ended (401): the error says so calmly', async () => {
    const svc = services(jwt(600));
    const { storeState } = await expectSaga(bootstrapSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), throwError(new AuthRequestError('Authentication required', 401))]])
      .silentRun();
    expect(storeState).toEqual({ ...signedOut, error: 'Your session has ended. Please sign in again.' });
    expect(svc.tokenStore.get()).toBeNull();
  });
});

describe('login', () => {
  it('sends the email as username, stores the token and is authenticated', async () => {
    const svc = services();
    const token = jwt(900);
    const { storeState } = await expectSaga(loginSaga, authActions.loginRequested({ email: 'ada@example.test', password: 'pw-pw-pw-pw' }))
      .withReducer(authSlice.reducer, { ...signedOut, error: 'old error' })
      .provide([ctx(svc), [matchers.call.fn(loginCall), { success: true, token: { token, user } }]])
      .call(loginCall, svc, { username: 'ada@example.test', password: 'pw-pw-pw-pw' })
      .silentRun();
    expect(storeState).toEqual(signedIn);
    expect(svc.tokenStore.get()).toBe(token);
  });

  it('loginRequested sets loading and clears the error', () => {
    expect(authSlice.reducer({ ...signedOut, error: 'x' }, authActions.loginRequested({ email: 'a@b.c', password: 'p' }))).toEqual({
      ...signedOut,
      isLoading: true,
    });
  });

  it("records the server's message on failure and stores no token", async () => {
    const svc = services();
    const { storeState } = await expectSaga(loginSaga, authActions.loginRequested({ email: 'ada@example.test', password: 'nope' }))
      .withReducer(authSlice.reducer, { ...signedOut, isLoading: true })
      .provide([ctx(svc), [matchers.call.fn(loginCall), throwError(new AuthRequestError('Invalid email or password', 401))]])
      .silentRun();
    expect(storeState).toEqual({ ...signedOut, error: 'Invalid email or password' });
    expect(svc.tokenStore.get()).toBeNull();
  });

  it("an answer without success and token is 'Login failed'", async () => {
    const svc = services();
    const { storeState } = await expectSaga(loginSaga, authActions.loginRequested({ email: 'ada@example.test', password: 'x' }))
      .withReducer(authSlice.reducer, { ...signedOut, isLoading: true })
      .provide([ctx(svc), [matchers.call.fn(loginCall), { success: true }]])
      .silentRun();
    expect(storeState.error).toBe('Login failed');
  });
});

describe('registration', () => {
  const input = { username: 'ada', email: 'ada@example.test', password: 'a good password' };

  it('creates the account, signs in automatically and returns true', async () => {
    const svc = services();
    const token = jwt(900);
    const result = await expectSaga(registerSaga, authActions.registerRequested(input))
      .withReducer(authSlice.reducer, { ...signedOut, isLoading: true, error: 'old' })
      .provide([ctx(svc), [matchers.call.fn(registerCall), { success: true, user }], [matchers.call.fn(loginCall), { success: true, token: { token, user } }]])
      .call(registerCall, svc, input)
      .call(loginCall, svc, { username: input.email, password: input.password })
      .silentRun();
    expect(result.storeState).toEqual(signedIn);
    expect(result.returnValue).toBe(true);
    expect(svc.tokenStore.get()).toBe(token);
  });

  it('a taken email (409 answered as a result) shows its message and returns false', async () => {
    const svc = services();
    const result = await expectSaga(registerSaga, authActions.registerRequested(input))
      .withReducer(authSlice.reducer, { ...signedOut, isLoading: true })
      .provide([ctx(svc), [matchers.call.fn(registerCall), { success: false, message: 'An account with this email already exists' }]])
      .silentRun();
    expect(result.storeState).toEqual({ ...signedOut, error: 'An account with this email already exists' });
    expect(result.returnValue).toBe(false);
  });

  it("a failure that is not an Error gives 'Registration failed' and returns false", async () => {
    const svc = services();
    const result = await expectSaga(registerSaga, authActions.registerRequested(input))
      .withReducer(authSlice.reducer, { ...signedOut, isLoading: true })
      .provide([
        ctx(svc),
        [
          matchers.call.fn(registerCall),
          dynamic(() => {
            throw 'boom';
          }),
        ],
      ])
      .silentRun();
    expect(result.storeState).toEqual({ ...signedOut, error: 'Registration failed' });
    expect(result.returnValue).toBe(false);
  });
});

describe('logout', () => {
  it('when the call fails it still removes the token and resets to signed out with no error', async () => {
    const svc = services(jwt(600));
    const { storeState } = await expectSaga(logoutSaga)
      .withReducer(authSlice.reducer, { ...signedIn, error: 'stale' })
      .provide([ctx(svc), [matchers.call.fn(logoutCall), throwError(new AuthRequestError('Network error', 0))]])
      .call(logoutCall, svc, jwt(600))
      .silentRun();
    expect(storeState).toEqual(signedOut);
    expect(svc.tokenStore.get()).toBeNull();
  });
});

describe('clearError', () => {
  it('resets the error', () => {
    expect(authSlice.reducer({ ...signedOut, error: 'x' }, authActions.errorCleared())).toEqual(signedOut);
  });
});

describe('the refresh loop', () => {
  it('refreshes after 840000 ms, again after another 840000 ms, and stops at logout', async () => {
    const refresh = jest.fn(async () => 'fresh-token');
    const svc = services(jwt(600), { session: { refresh } });
    const delays: number[] = [];
    await expectSaga(refreshLoop)
      .withReducer(authSlice.reducer, signedIn)
      .provide([
        ctx(svc),
        {
          race(effect, next) {
            const tick = (effect as { tick?: { payload: { args: number[] } } }).tick;
            if (!tick) return next();
            const ms = tick.payload.args[0];
            delays.push(ms);
            // two ticks pass, the third wait is interrupted by a logout
            return delays.length <= 2 ? { tick: true } : { stop: authActions.logoutRequested() };
          },
        },
      ])
      .silentRun();
    expect(delays).toEqual([840000, 840000, 840000]);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does not refresh before 840000 ms, then does; a refresh that fails ends the loop (jest timers)', async () => {
    jest.useFakeTimers({ now: NOW });
    try {
      const refresh = jest.fn<Promise<string | null>, []>().mockResolvedValueOnce('fresh-token').mockResolvedValueOnce(null);
      const svc = services(jwt(600), { session: { refresh } });
      const run = expectSaga(refreshLoop)
        .withReducer(authSlice.reducer, signedIn)
        .provide([ctx(svc)])
        .run({ timeout: false });
      await jest.advanceTimersByTimeAsync(839_999);
      expect(refresh).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(840_000);
      expect(refresh).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(1000);
      const { storeState } = await run;
      expect(storeState).toEqual(signedOut);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed refresh resets to signed out and removes the token', async () => {
    const svc = services(jwt(600), { session: { refresh: async () => null } });
    const { storeState } = await expectSaga(authSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([
        ctx(svc),
        [matchers.call.fn(meCall), { success: true, user }],
        { race: (effect, next) => ((effect as { tick?: unknown }).tick ? { tick: true } : next()) },
      ])
      .silentRun(50);
    expect(storeState).toEqual(signedOut);
    expect(svc.tokenStore.get()).toBeNull();
  });

  it('the whole auth saga: bootstrap signs in, logout stops the loop (no refresh after it)', async () => {
    const refresh = jest.fn(async () => 'fresh-token');
    const svc = services(jwt(600), { session: { refresh } });
    const { storeState } = await expectSaga(authSaga)
      .withReducer(authSlice.reducer, loading)
      .provide([ctx(svc), [matchers.call.fn(meCall), { success: true, user }], [matchers.call.fn(logoutCall), { success: true }]])
      .dispatch(authActions.logoutRequested())
      .silentRun(50);
    expect(storeState).toEqual(signedOut);
    expect(refresh).not.toHaveBeenCalled();
    expect(svc.tokenStore.get()).toBeNull();
  });
});
