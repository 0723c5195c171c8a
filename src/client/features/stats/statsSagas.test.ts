import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { baseApi } from '../../api/baseApi';
import { mockApi, json } from '../../test/mockApi';
import { createTestServices } from '../../test/testServices';
import { playerActions } from '../../shared/player';
import { settingsActions, settingsSlice } from '../../shared/settings';
import { statsApi } from './statsApi';
import { statsSaga } from './statsSagas';

const track = { id: 's1', title: 'Blue Hour', artist: 'Lumen', url: '/api/songs/stream/s1?st=x', duration: 120 };

/** A store with the API, the settings and only the stats saga running. */
function storeWithStatsSaga() {
  const services = createTestServices();
  const sagas = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: combineSlices(baseApi, settingsSlice),
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services }, serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware, sagas),
  });
  sagas.run(statsSaga);
  return store;
}

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.restore());

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

describe('stats reads fall back to empty defaults (docs/product.md §7)', () => {
  it('answers an empty list instead of an error when the server fails', async () => {
    api = mockApi({ 'GET /stats/top-charts': () => json(500, { success: false, message: 'down' }) });
    const store = storeWithStatsSaga();
    const result = await store.dispatch(statsApi.endpoints.getTopCharts.initiate(5));
    expect(result.data).toEqual({ success: true, songs: [] });
    expect(result.isError).toBe(false);
  });
});
