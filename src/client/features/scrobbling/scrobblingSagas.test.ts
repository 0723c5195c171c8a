import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { baseApi } from '../../api/baseApi';
import { mockApi } from '../../test/mockApi';
import { createTestServices } from '../../test/testServices';
import { playerActions, playerSlice, QUEUE_SOURCE, type PlayerTrack } from '../../shared/player';
import { settingsActions, settingsSlice } from '../../shared/settings';
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
