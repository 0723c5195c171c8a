import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { baseApi } from '../../api/baseApi';
import { waitFor } from '@testing-library/react';
import { json, mockApi } from '../../test/mockApi';
import { createTestServices } from '../../test/testServices';
import { playerActions, playerSlice, QUEUE_SOURCE, type PlayerTrack } from '../../shared/player';
import { authSlice } from '../../shared/session';
import { settingsActions, settingsSlice } from '../../shared/settings';
import { LATE_LISTENS_KEY } from './lateListens';
import { scrobblingSaga } from './scrobblingSagas';

const track = (id: string, duration: number): PlayerTrack => ({ id, title: `Song ${id}`, artist: 'Lumen', url: `/api/songs/stream/${id}?st=x`, duration });

/** A store with the API, the player and settings slices, and only the scrobbling saga running. */
function storeWithScrobblingSaga() {
  const services = createTestServices();
  const sagas = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: combineSlices(baseApi, settingsSlice, playerSlice),
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services }, serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware, sagas),
  });
  sagas.run(scrobblingSaga);
  return store;
}

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.restore());
const settle = () => new Promise((r) => setTimeout(r, 20));

function start(store: ReturnType<typeof storeWithScrobblingSaga>, t: PlayerTrack) {
  store.dispatch(playerActions.trackReady({ track: t, playing: true, source: QUEUE_SOURCE }));
  store.dispatch(playerActions.trackStarted({ track: t, source: 'library' }));
}
/** the playhead moving as timeupdate moves it, every quarter second from `from` to `to` */
function play(store: ReturnType<typeof storeWithScrobblingSaga>, from: number, to: number) {
  for (let s = from; s <= to + 1e-9; s += 0.25) store.dispatch(playerActions.timeUpdated({ currentTime: s }));
}

const routes = () => ({
  'POST /scrobble/now-playing': () => ({ success: true }),
  'POST /scrobble/listened': () => ({ success: true, queued: 1 }),
});
const listens = () => api.calls.filter((c) => c.path === '/scrobble/listened');

describe('scrobblingSaga (docs/product.md §5.10)', () => {
  it('sends now playing on start and one listen at half the track of real listening', async () => {
    api = mockApi(routes());
    const store = storeWithScrobblingSaga();
    start(store, track('s1', 100));
    play(store, 0, 49.5);
    await settle();
    expect(api.calls).toEqual([expect.objectContaining({ method: 'POST', path: '/scrobble/now-playing', body: { songId: 's1' } })]);
    play(store, 49.75, 60);
    await settle();
    expect(listens()).toEqual([expect.objectContaining({ body: { songId: 's1', startedAt: expect.any(String) } })]);
    store.dispatch(playerActions.trackEnded());
    await settle();
    expect(listens()).toHaveLength(1);
  });

  it('counts at most 4 minutes for a long track, and a seek adds nothing', async () => {
    api = mockApi(routes());
    const store = storeWithScrobblingSaga();
    start(store, track('long', 1200));
    play(store, 0, 100);
    store.dispatch(playerActions.timeUpdated({ currentTime: 900 }));
    play(store, 900, 1039);
    await settle();
    expect(listens()).toEqual([]);
    play(store, 1039.25, 1041);
    await settle();
    expect(listens()).toHaveLength(1);
  });

  it('a track that ends is scrobbled even when seeked near its end; one of 30 s or less never', async () => {
    api = mockApi(routes());
    const store = storeWithScrobblingSaga();
    start(store, track('short', 30));
    play(store, 0, 30);
    store.dispatch(playerActions.trackEnded());
    start(store, track('seeked', 90));
    store.dispatch(playerActions.timeUpdated({ currentTime: 88 }));
    store.dispatch(playerActions.trackEnded());
    await settle();
    expect(listens().map((c) => (c.body as { songId: string }).songId)).toEqual(['seeked']);
  });

  it('with "Record my listening history" off sends nothing', async () => {
    api = mockApi(routes());
    const store = storeWithScrobblingSaga();
    store.dispatch(settingsActions.saved({ ...store.getState().settings, privacy: { ...store.getState().settings.privacy, recordListeningHistory: false } }));
    start(store, track('s2', 100));
    play(store, 0, 60);
    store.dispatch(playerActions.trackEnded());
    await settle();
    expect(api.calls).toEqual([]);
  });
});

describe('listens made offline (docs/product.md §2.17)', () => {
  const user = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' };
  function signedInStore() {
    const services = createTestServices();
    const sagas = createSagaMiddleware({ context: { services } });
    const store = configureStore({
      reducer: combineSlices(baseApi, settingsSlice, playerSlice, authSlice),
      preloadedState: { auth: { user, isAuthenticated: true, isLoading: false, error: null } },
      middleware: (getDefault) =>
        getDefault({ thunk: { extraArgument: services }, serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware, sagas),
    });
    const task = sagas.run(scrobblingSaga);
    return { store, services, task };
  }
  afterEach(() => localStorage.clear());

  it('keeps a listen that got no answer with its start, and sends it with that start when the server answers', async () => {
    let online = false;
    const sent: unknown[] = [];
    api = mockApi({
      'POST /scrobble/now-playing': () => ({ success: true }),
      'POST /scrobble/listened': (call) => {
        if (!online) throw new TypeError('Failed to fetch');
        sent.push(call.body);
        return { success: true, queued: 1 };
      },
    });
    const { store, services, task } = signedInStore();
    const before = Date.now();
    start(store, track('s1', 100));
    play(store, 0, 60);
    await waitFor(() => expect(localStorage.getItem(LATE_LISTENS_KEY)).not.toBeNull());
    const [kept] = JSON.parse(localStorage.getItem(LATE_LISTENS_KEY)!);
    expect(kept).toEqual({ userId: 'u1', songId: 's1', startedAt: expect.any(String) });
    expect(Date.parse(kept.startedAt)).toBeGreaterThanOrEqual(before);
    expect(sent).toEqual([]);

    online = true;
    services.reachability.set(true);
    await waitFor(() => expect(sent).toEqual([{ songId: 's1', startedAt: kept.startedAt }]));
    await waitFor(() => expect(localStorage.getItem(LATE_LISTENS_KEY)).toBeNull());
    task.cancel();
  });

  it('a listen refused with an answer is not kept, and kept listens of another user stay', async () => {
    const theirs = { userId: 'u2', songId: 's9', startedAt: '2026-01-02T10:00:00.000Z' };
    localStorage.setItem(LATE_LISTENS_KEY, JSON.stringify([theirs]));
    api = mockApi({ 'POST /scrobble/now-playing': () => ({ success: true }), 'POST /scrobble/listened': () => json(500, { success: false }) });
    const { store, task } = signedInStore();
    start(store, track('s1', 100));
    play(store, 0, 60);
    await waitFor(() => expect(listens()).toHaveLength(1));
    await settle();
    expect(JSON.parse(localStorage.getItem(LATE_LISTENS_KEY)!)).toEqual([theirs]);
    task.cancel();
  });
});
