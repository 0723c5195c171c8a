import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { memoryTokenStore } from '../../test/testServices';
import type { Services } from '..';
import { createSessionService } from './createSessionService';
import { createServerReachability } from '../serverReachability';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server stand-in: the old token gets 401 everywhere, refresh answers (slowly) with the new one. */
function fakeServer() {
  const calls: { url: string; auth?: string; body?: string }[] = [];
  let refreshOk = true;
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
    calls.push({ url, auth, body: init?.body as string | undefined });
    if (url.endsWith('/api/auth/refresh')) {
      await new Promise((r) => setTimeout(r, 20));
      return refreshOk ? json(200, { success: true, token: { token: 'new-token' } }) : json(401, { success: false, message: 'Failed to refresh token' });
    }
    return auth === 'Bearer new-token' ? json(200, { success: true, url }) : json(401, { success: false, message: 'Authentication required' });
  });
  return { calls, fetchImpl, failRefresh: () => (refreshOk = false) };
}

describe('one single-flight refresh for the loop and the 401 retry', () => {
  const api = baseApi.injectEndpoints({
    endpoints: (build) => ({
      probeA: build.query<unknown, void>({ query: () => '/probe-a' }),
      probeB: build.query<unknown, void>({ query: () => '/probe-b' }),
    }),
  });

  function setup() {
    const server = fakeServer();
    global.fetch = server.fetchImpl as typeof fetch;
    const tokenStore = memoryTokenStore('old-token');
    const session = createSessionService({ tokenStore, apiOrigin: '' });
    const services = { tokenStore, session, apiOrigin: '', reachability: createServerReachability() } as unknown as Services;
    const actions: string[] = [];
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (gDM) =>
        gDM({ thunk: { extraArgument: services } })
          .concat(baseApi.middleware)
          .concat((() => (next: (action: unknown) => unknown) => (action: unknown) => {
            actions.push((action as { type: string }).type);
            return next(action);
          }) as Middleware),
    });
    return { server, tokenStore, session, store, actions };
  }

  it('two simultaneous 401s cause one refresh, and both requests are retried with the new token', async () => {
    const { server, tokenStore, store } = setup();
    const [a, b] = await Promise.all([store.dispatch(api.endpoints.probeA.initiate()), store.dispatch(api.endpoints.probeB.initiate())]);
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(a.data).toEqual({ success: true, url: '/api/probe-a' });
    expect(b.data).toEqual({ success: true, url: '/api/probe-b' });
    expect(tokenStore.get()).toBe('new-token');
    const refresh = server.calls.find((c) => c.url.endsWith('/auth/refresh'))!;
    expect(JSON.parse(refresh.body!)).toEqual({ token: 'old-token' });
  });

  it('the 14-minute loop and a 401 retry at the same moment share the one refresh', async () => {
    const { server, session, store } = setup();
    const [fromLoop, fromRetry] = await Promise.all([session.refresh(), store.dispatch(api.endpoints.probeA.initiate())]);
    expect(fromLoop).toBe('new-token');
    expect(fromRetry.data).toEqual({ success: true, url: '/api/probe-a' });
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('a failed refresh answers null and the 401 retry dispatches auth/sessionExpired', async () => {
    const { server, store, actions } = setup();
    server.failRefresh();
    const result = await store.dispatch(api.endpoints.probeA.initiate());
    expect(result.error).toEqual({ status: 401, message: 'Authentication required' });
    expect(actions).toContain('auth/sessionExpired');
  });

  it('a later refresh makes a new request (the flight is over)', async () => {
    const { server, session } = setup();
    await session.refresh();
    await session.refresh();
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(2);
  });
});
