import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, take } from 'redux-saga/effects';
import { BOOKMARK_MARGIN_SECONDS, LONG_TRACK_MIN_SECONDS } from '../../../contract/limits';
import { MESSAGES } from '../../../contract/messages';
import { playerActions, type PlayerState, type PlayerTrack, type PlaySource } from '../../shared/player';
import { formatDuration } from '../../ui/format';
import { toastShown } from '../../ui/toast/toastSlice';
import { dropBookmark, fetchBookmark, storeBookmark } from './bookmarkApi';
import { selectPlayerState } from './playbackSagas';

/*
 * docs/product.md §4.4 (long tracks): a track of 10 minutes or more keeps the listener's place on
 * the server (a bookmark). Pausing it, leaving it for another track, or hiding the page saves the
 * place; playing it from a list goes on there; playing it to its end deletes the bookmark. Radio
 * mode keeps none.
 */

export const isLongTrack = (duration: number): boolean => duration >= LONG_TRACK_MIN_SECONDS;

/** A place worth keeping: more than 10 s in and more than 10 s before the end. */
export const isBookmarkable = (seconds: number, duration: number): boolean => seconds > BOOKMARK_MARGIN_SECONDS && seconds < duration - BOOKMARK_MARGIN_SECONDS;

/** Where a track was left: the track, its position and its length (seconds). */
interface Place {
  track: PlayerTrack | null;
  seconds: number;
  duration: number;
}

/** The current track's place, outside radio mode and while no other one loads. */
const placeOf = (player: PlayerState): Place => ({
  track: player.isLoading || player.source.kind === 'radio' ? null : player.currentTrack,
  seconds: player.currentTime,
  duration: player.duration,
});

function* savePlace({ track, seconds, duration }: Place): SagaIterator {
  if (!track || !isLongTrack(duration) || !isBookmarkable(seconds, duration)) return;
  const positionMs = Math.round(seconds * 1000);
  const saved: boolean = yield call(storeBookmark, track.id, positionMs);
  if (saved) yield put(playerActions.bookmarkSaved({ songId: track.id, positionMs }));
}

function* forgetPlace({ track, duration }: Place): SagaIterator {
  if (!track || !isLongTrack(duration)) return;
  const deleted: boolean = yield call(dropBookmark, track.id);
  if (deleted) yield put(playerActions.bookmarkDeleted({ songId: track.id }));
}

/** Where a play was asked from a list (not the queue moving on, nor a reload's restore). */
const FROM_A_LIST: readonly PlaySource[] = ['library', 'search', 'liked', 'playlist', 'home'];

/** A long track played from its start from a list goes on at its bookmark, through the player's own seek. */
export function* resumeAtBookmark({ payload: { track, source } }: PayloadAction<{ track: PlayerTrack; source: PlaySource }>): SagaIterator {
  if (!FROM_A_LIST.includes(source)) return;
  const started: PlayerState = yield select(selectPlayerState);
  if (started.currentTrack?.id !== track.id || !isLongTrack(started.duration) || started.currentTime > BOOKMARK_MARGIN_SECONDS) return;
  const seconds: number | null = yield call(fetchBookmark, track.id);
  if (seconds === null) return;
  // still this track, near its start (the listener has not sought meanwhile), and the place within it
  const player: PlayerState = yield select(selectPlayerState);
  if (player.currentTrack?.id !== track.id || player.isLoading || player.currentTime > BOOKMARK_MARGIN_SECONDS) return;
  if (!isBookmarkable(seconds, player.duration)) return;
  yield put(playerActions.seekRequested({ seconds }));
  yield put(playerActions.bookmarkResumed({ songId: track.id, seconds }));
  yield put(toastShown(MESSAGES.resumedAt(formatDuration(seconds)), 'info'));
}

/** The track the engine moved on from (gapless or crossfade): it played to its end, and is now the last of the history. */
function endedBeforeAdvance(player: PlayerState, key: string): Place {
  const ended = player.history[player.history.length - 1];
  const moved = player.source.kind === 'queue' && player.currentTrack?.id === key && ended;
  return { track: moved ? ended : null, seconds: 0, duration: moved ? ended.duration : 0 };
}

/**
 * Follows the player's events. Each names its track in its payload or is read at once, so a later
 * action cannot lend it another track's place (a load resets the time: trackLeft says where it was).
 */
export function* watchBookmarks(): SagaIterator {
  const events = [
    playerActions.trackLeft.type,
    playerActions.playbackPaused.type,
    playerActions.pageHidden.type,
    playerActions.trackEnded.type,
    playerActions.engineAdvanced.type,
    playerActions.trackStarted.type,
  ];
  for (;;) {
    const action: Action = yield take(events);
    if (playerActions.trackLeft.match(action)) yield fork(savePlace, action.payload);
    else if (playerActions.trackStarted.match(action)) yield fork(resumeAtBookmark, action);
    else {
      const player: PlayerState = yield select(selectPlayerState);
      if (playerActions.playbackPaused.match(action) || playerActions.pageHidden.match(action)) yield fork(savePlace, placeOf(player));
      else if (playerActions.trackEnded.match(action)) yield fork(forgetPlace, placeOf(player));
      else if (playerActions.engineAdvanced.match(action)) yield fork(forgetPlace, endedBeforeAdvance(player, action.payload.key));
    }
  }
}
