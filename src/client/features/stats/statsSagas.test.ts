import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { baseApi } from '../../api/baseApi';
import { mockApi, json } from '../../test/mockApi';
import { createTestServices } from '../../test/testServices';
import { playerActions } from '../../shared/player';
import { authSlice } from '../../shared/session';
import { settingsActions, settingsSlice } from '../../shared/settings';
import { LATE_PLAYS_KEY } from './latePlays';
import { statsApi } from './statsApi';
import { statsSaga } from './statsSagas';

const track = { id: 's1', title: 'Blue Hour', artist: 'Lumen', url: '/api/songs/stream/s1?st=x', duration: 120 };

// each store's saga listens to the app-wide reachability: stopped after each test, so none sends another test's plays
const tasks: Task[] = [];

/** A store with the API, the settings and only the stats saga running. */
let services = createTestServices();
const serverReachability = { get: () => services.reachability.get(), set: (reachable: boolean) => services.reachability.set(reachable) };

function storeWithStatsSaga() {
  services = createTestServices();
  const sagas = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: combineSlices(baseApi, settingsSlice, authSlice),
    preloadedState: {
      auth: {
        user: { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' },
        isAuthenticated: true,
        isLoading: false,
        error: null,
      },
    },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services }, serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware, sagas),
  });
  tasks.push(sagas.run(statsSaga));
  return store;
}

let api: ReturnType<typeof mockApi>;
afterEach(() => {
  tasks.splice(0).forEach((task) => task.cancel());
  api?.restore();
  localStorage.clear();
});

describe('statsSaga', () => {
  it('counts a play when a new track starts, with where it started', async () => {
    api = mockApi({ 'POST /stats/s1/increment-play': () => ({ success: true, counted: true, playCount: 1 }) });
    const store = storeWithStatsSaga();
    store.dispatch(playerActions.trackStarted({ track, source: 'liked' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toEqual([expect.objectContaining({ method: 'POST', path: '/stats/s1/increment-play', body: { source: 'liked' } })]);
    // no mutation entry is kept per play
    expect(Object.keys(store.getState().api.mutations)).toEqual([]);
  });

  it('refreshes what shows plays (recently played) after a counted play', async () => {
    let recent: unknown[] = [];
    api = mockApi({
      'GET /stats/recently-played': () => ({ success: true, songs: recent }),
      'POST /stats/s1/increment-play': () => {
        recent = [{ song: { id: 's1' }, lastPlayedAt: '2026-01-01T00:00:00.000Z' }];
        return { success: true, counted: true, playCount: 1 };
      },
    });
    const store = storeWithStatsSaga();
    const sub = store.dispatch(statsApi.endpoints.getRecentlyPlayed.initiate(5));
    await sub;
    store.dispatch(playerActions.trackStarted({ track, source: 'playlist' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(statsApi.endpoints.getRecentlyPlayed.select(5)(store.getState()).data?.songs).toHaveLength(1);
    sub.unsubscribe();
  });

  it('a failed count is dropped quietly: no error, no toast', async () => {
    api = mockApi({ 'POST /stats/s1/increment-play': () => json(500, { success: false }) });
    const store = storeWithStatsSaga();
    store.dispatch(playerActions.trackStarted({ track, source: 'search' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toHaveLength(1);
  });

  it('sends nothing when the listener turned off "record my listening history"', async () => {
    api = mockApi({ 'POST /stats/s1/increment-play': () => ({ success: true, counted: true, playCount: 1 }) });
    const store = storeWithStatsSaga();
    const settings = store.getState().settings;
    store.dispatch(settingsActions.saved({ ...settings, privacy: { recordListeningHistory: false, showActivity: true } }));
    store.dispatch(playerActions.trackStarted({ track, source: 'search' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toEqual([]);
  });
});

describe('plays made offline (docs/product.md §2.17)', () => {
  it('keeps a play that got no answer, with its time, and sends it when the server answers again', async () => {
    let online = false;
    const played: unknown[] = [];
    api = mockApi({
      'POST /stats/s1/increment-play': (call) => {
        if (!online) throw new TypeError('Failed to fetch');
        played.push(call.body);
        return { success: true, counted: true, playCount: 1 };
      },
    });
    const store = storeWithStatsSaga();
    const before = Date.now();
    store.dispatch(playerActions.trackStarted({ track, source: 'liked' }));
    await waitFor(() => expect(localStorage.getItem(LATE_PLAYS_KEY)).not.toBeNull());
    const [kept] = JSON.parse(localStorage.getItem(LATE_PLAYS_KEY)!);
    expect(kept).toMatchObject({ userId: 'u1', songId: 's1', source: 'liked' });
    expect(Date.parse(kept.playedAt)).toBeGreaterThanOrEqual(before);
    expect(serverReachability.get()).toBe(false);

    online = true;
    serverReachability.set(true);
    await waitFor(() => expect(played).toEqual([{ source: 'liked', playedAt: kept.playedAt }]));
    await waitFor(() => expect(localStorage.getItem(LATE_PLAYS_KEY)).toBeNull());
  });

  it('a play refused with an answer (an error status) is not kept', async () => {
    api = mockApi({ 'POST /stats/s1/increment-play': () => json(500, { success: false }) });
    storeWithStatsSaga().dispatch(playerActions.trackStarted({ track, source: 'search' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(localStorage.getItem(LATE_PLAYS_KEY)).toBeNull();
  });

  it('sends the plays kept for the signed-in user as it starts, and keeps other users’ plays', async () => {
    const mine = { userId: 'u1', songId: 's1', source: 'library', playedAt: '2026-01-02T10:00:00.000Z' };
    const theirs = { userId: 'u2', songId: 's1', source: 'library', playedAt: '2026-01-02T11:00:00.000Z' };
    localStorage.setItem(LATE_PLAYS_KEY, JSON.stringify([mine, theirs]));
    api = mockApi({ 'POST /stats/s1/increment-play': () => ({ success: true, counted: true, playCount: 1 }) });
    storeWithStatsSaga();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(LATE_PLAYS_KEY)!)).toEqual([theirs]));
    expect(api.calls.map((c) => c.body)).toEqual([{ source: 'library', playedAt: mine.playedAt }]);
  });
});

describe('stats reads fall back to empty defaults (docs/product.md §7)', () => {
  it('answers an empty list instead of an error when the server fails', async () => {
    api = mockApi({ 'GET /stats/top-charts': () => json(500, { success: false, message: 'down' }) });
    const store = storeWithStatsSaga();
    const result = await store.dispatch(statsApi.endpoints.getTopCharts.initiate(5));
    expect(result.data).toEqual({ success: true, songs: [] });
    expect(result.isError).toBe(false);
  });
});
