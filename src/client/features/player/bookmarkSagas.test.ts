import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from '../../shared/player/playerSlice';
import type { PlayerTrack } from '../../shared/player/playerTypes';
import { dropBookmark, fetchBookmark, storeBookmark } from './bookmarkApi';
import { playerSaga } from './playerSagas';

const reducer = combineReducers({ player: playerSlice.reducer, toasts: toastSlice.reducer });
/** how long each run lets the player's sagas settle: room for a loaded CI machine */
const SETTLE_MS = 400;

const track = (n: number, duration: number): PlayerTrack => ({
  id: `song-${n}`,
  title: `Song ${n}`,
  artist: 'A',
  url: `/api/songs/stream/song-${n}`,
  duration,
});
/** 30 minutes: a long track (10 minutes or more, docs/product.md §4.4) */
const long = track(1, 1800);
const short = track(2, 599);
const other = track(3, 200);

/** The server's bookmarks, as the three requests see them (seconds in, ms stored). */
function fakeBookmarks(initial: Record<string, number> = {}) {
  const positionsMs: Record<string, number> = { ...initial };
  const calls: string[] = [];
  const providers: [matchers.Matcher, unknown][] = [
    [
      matchers.call.fn(fetchBookmark),
      dynamic(({ args: [songId] }: { args: [string] }) => {
        calls.push(`get ${songId}`);
        return songId in positionsMs ? positionsMs[songId] / 1000 : null;
      }),
    ],
    [
      matchers.call.fn(storeBookmark),
      dynamic(({ args: [songId, positionMs] }: { args: [string, number] }) => {
        calls.push(`put ${songId} ${positionMs}`);
        positionsMs[songId] = positionMs;
        return true;
      }),
    ],
    [
      matchers.call.fn(dropBookmark),
      dynamic(({ args: [songId] }: { args: [string] }) => {
        calls.push(`delete ${songId}`);
        delete positionsMs[songId];
        return true;
      }),
    ],
  ];
  return { positionsMs, calls, providers };
}

function run(player: Partial<PlayerState>, bookmarks = fakeBookmarks(), fileDuration = 1800) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token') });
  services.audio.nextDuration = fileDuration;
  const saga = expectSaga(playerSaga)
    .withReducer(reducer, { player: { ...initialPlayerState, ...player }, toasts: [] })
    .provide([[matchers.getContext('services'), services], ...bookmarks.providers] as never);
  return { saga, audio: services.audio, bookmarks };
}

/** Playing `t` (loaded in the element), `seconds` in. */
const playingAt = (t: PlayerTrack, seconds: number, more: Partial<PlayerState> = {}): Partial<PlayerState> => ({
  currentTrack: t,
  isPlaying: true,
  playingSongId: t.id,
  duration: t.duration,
  currentTime: seconds,
  ...more,
});

describe('long tracks keep their place (docs/product.md §4.4)', () => {
  it('pausing a long track saves its position as a bookmark', async () => {
    const { saga, bookmarks } = run(playingAt(long, 754.4));
    await saga
      .dispatch(playerActions.pauseRequested())
      .put(playerActions.bookmarkSaved({ songId: long.id, positionMs: 754_400 }))
      .silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['put song-1 754400']);
  });

  it('hiding the page (another tab, the screen locked, the page closing) saves the place of a long track, even while it plays', async () => {
    const { saga, bookmarks } = run(playingAt(long, 1200));
    const { storeState } = await saga
      .dispatch(playerActions.pageHidden())
      .put(playerActions.bookmarkSaved({ songId: long.id, positionMs: 1_200_000 }))
      .silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['put song-1 1200000']);
    expect(storeState.player.isPlaying).toBe(true);
  });

  it('keeps no place within 10 s of the start or the end, of a track under 10 minutes, or in radio mode', async () => {
    const cases: [string, Partial<PlayerState>][] = [
      ['10 s in', playingAt(long, 10)],
      ['10 s before the end', playingAt(long, 1790)],
      ['9:59 long', playingAt(short, 300)],
      ['radio mode', playingAt(long, 754, { source: { kind: 'radio', itemId: 'item-1' } })],
    ];
    for (const [name, player] of cases) {
      const { saga, bookmarks } = run(player);
      await saga.dispatch(playerActions.pauseRequested()).silentRun(SETTLE_MS);
      expect({ name, calls: bookmarks.calls }).toEqual({ name, calls: [] });
    }
    const { saga, bookmarks } = run(playingAt(long, 10.5));
    await saga.dispatch(playerActions.pauseRequested()).silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['put song-1 10500']);
  });

  it('loading another track saves the place the long track was left at', async () => {
    const { saga, bookmarks, audio } = run(playingAt(long, 900), fakeBookmarks(), 200);
    const { storeState } = await saga
      .dispatch(playerActions.playRequested({ track: other, source: 'library' }))
      .put(playerActions.bookmarkSaved({ songId: long.id, positionMs: 900_000 }))
      .silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['put song-1 900000']);
    expect(audio.argsOf('load')).toEqual([[other.url]]);
    expect(storeState.player.currentTrack).toEqual(other);
  });

  it('a long track played from a list goes on at its bookmark, through the player seek, and says so', async () => {
    const { saga, bookmarks, audio } = run({}, fakeBookmarks({ [long.id]: 754_000 }));
    const { storeState } = await saga
      .dispatch(playerActions.playRequested({ track: long, source: 'playlist' }))
      .put(playerActions.seekRequested({ seconds: 754 }))
      .put(playerActions.bookmarkResumed({ songId: long.id, seconds: 754 }))
      .silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['get song-1']);
    expect(audio.methods()).toEqual(['load', 'play', 'seek']);
    expect(audio.argsOf('seek')).toEqual([[754]]);
    expect(storeState.player.currentTime).toBe(754);
    expect(storeState.toasts.map((t: { message: string }) => t.message)).toEqual(['Resumed at 12:34']);
  });

  it('starts from the beginning without a bookmark, for a short track, or when the queue moves on', async () => {
    const none = run({});
    await none.saga.dispatch(playerActions.playRequested({ track: long, source: 'library' })).silentRun(SETTLE_MS);
    expect(none.bookmarks.calls).toEqual(['get song-1']);
    expect(none.audio.methods()).toEqual(['load', 'play']);

    const shortOne = run({}, fakeBookmarks({ [short.id]: 300_000 }), 599);
    await shortOne.saga.dispatch(playerActions.playRequested({ track: short, source: 'library' })).silentRun(SETTLE_MS);
    expect(shortOne.bookmarks.calls).toEqual([]);
    expect(shortOne.audio.methods()).toEqual(['load', 'play']);

    const queued = run(playingAt(other, 100, { queue: [long] }), fakeBookmarks({ [long.id]: 754_000 }));
    const { storeState } = await queued.saga.dispatch(playerActions.nextRequested()).silentRun(SETTLE_MS);
    expect(queued.bookmarks.calls).toEqual([]);
    expect(queued.audio.methods()).toEqual(['load', 'play']);
    expect(storeState.toasts).toEqual([]);
  });

  it('a long track played to its end has its bookmark deleted; a short one asks nothing', async () => {
    const { saga, bookmarks } = run(playingAt(long, 1799.9), fakeBookmarks({ [long.id]: 754_000 }));
    await saga
      .delay(5)
      .dispatch(playerActions.trackEnded())
      .put(playerActions.bookmarkDeleted({ songId: long.id }))
      .silentRun(SETTLE_MS);
    expect(bookmarks.calls).toEqual(['delete song-1']);
    expect(bookmarks.positionsMs).toEqual({});

    const shortOne = run(playingAt(short, 598.9));
    await shortOne.saga.delay(5).dispatch(playerActions.trackEnded()).silentRun(SETTLE_MS);
    expect(shortOne.bookmarks.calls).toEqual([]);
  });

  it('a long track the engine moved on from at its end (gapless) has its bookmark deleted', async () => {
    const { saga, audio, bookmarks } = run({}, fakeBookmarks({ [long.id]: 1_000 }));
    audio.startNextWhenSet(other.id);
    const { storeState } = await saga
      .dispatch(playerActions.playAllRequested({ tracks: [long, other], source: 'playlist' }))
      .put(playerActions.bookmarkDeleted({ songId: long.id }))
      .silentRun(SETTLE_MS);
    expect(storeState.player).toMatchObject({ currentTrack: other, history: [long] });
    expect(bookmarks.calls).toEqual(['get song-1', 'delete song-1']);
  });
});
