import { configureStore } from '@reduxjs/toolkit';
import type { Services } from '../services';
import { createServerReachability } from '../services/serverReachability';
import { baseApi } from './baseApi';
import { readResponse } from './transport';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('docs/product.md §8 transport rules', () => {
  it('a non-OK JSON response fails with its message field', async () => {
    expect(await readResponse(json(400, { success: false, message: 'Playlist name is required' }))).toEqual({
      error: { status: 400, message: 'Playlist name is required' },
    });
  });

  it("a non-OK JSON response without a message fails with 'Request failed with status {code}'", async () => {
    expect(await readResponse(json(500, { success: false }))).toEqual({ error: { status: 500, message: 'Request failed with status 500' } });
  });

  it('a 409 fails like any other answer, with the server message, carrying its body', async () => {
    const body = { success: false, message: 'Song already suggested', existingSuggestion: { id: 's1' } };
    expect(await readResponse(json(409, body))).toEqual({ error: { status: 409, message: 'Song already suggested', body } });
  });

  it('a body travels only with a 409; a success is data', async () => {
    expect(await readResponse(json(200, { success: true }))).toStrictEqual({ data: { success: true } });
    expect(await readResponse(json(404, { success: false, message: 'Not found' }))).toStrictEqual({ error: { status: 404, message: 'Not found' } });
  });

  it("a non-JSON non-OK response fails with 'Request failed with status {code}'", async () => {
    const res = new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect(await readResponse(res)).toEqual({ error: { status: 502, message: 'Request failed with status 502' } });
  });
});

describe('the base query', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let responses: Response[] = [];
  let token: string | null = 'token-1';
  let refreshes = 0;

  const services = {
    tokenStore: { get: () => token, set: (t: string) => (token = t), clear: () => (token = null) },
    session: {
      refresh: async () => {
        refreshes += 1;
        token = 'token-2';
        return token;
      },
    },
    apiOrigin: '',
    reachability: createServerReachability(),
  } as unknown as Services;

  const api = baseApi.injectEndpoints({
    endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => ({ url: '/probe', params: { q: 'a b', empty: '' } }) }) }),
  });

  beforeEach(() => {
    calls.length = 0;
    refreshes = 0;
    token = 'token-1';
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return responses.shift() ?? json(200, {});
    }) as typeof fetch;
  });

  const makeStore = () =>
    configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (gDM) => gDM({ thunk: { extraArgument: services } }).concat(baseApi.middleware),
    });

  it('sends the bearer token, includes credentials and builds the query string under /api', async () => {
    responses = [json(200, { success: true })];
    const store = makeStore();
    const result = await store.dispatch(api.endpoints.probe.initiate());
    expect(result.data).toEqual({ success: true });
    expect(calls[0].url).toBe('/api/probe?q=a+b');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(calls[0].init.credentials).toBe('include');
  });

  it('sends no authorization header when no token is stored', async () => {
    token = null;
    responses = [json(200, {})];
    await makeStore().dispatch(api.endpoints.probe.initiate());
    expect((calls[0].init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('after a 401 refreshes once and retries with the new token', async () => {
    responses = [json(401, { success: false, message: 'Authentication required' }), json(200, { ok: 1 })];
    const result = await makeStore().dispatch(api.endpoints.probe.initiate());
    expect(refreshes).toBe(1);
    expect(result.data).toEqual({ ok: 1 });
    expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer token-2');
  });

  it("reports 'Network error' when the request cannot be made", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const result = await makeStore().dispatch(api.endpoints.probe.initiate());
    expect(result.error).toEqual({ status: 0, message: 'Network error' });
  });
});
