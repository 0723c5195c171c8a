import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import { playerActions, type PlayerState, type PlayerTrack, type PlaySource } from '../../shared/player';
import type { Services } from '../../services';
import { toastShown } from '../../ui/toast/toastSlice';
import { enginePosition, pause, resume, seekEngine, selectPlayerState, startTrack } from './playbackSagas';
import { selectAutoplayNext } from './trackGain';

/** Previous restarts the track when it has played longer than this. */
export const RESTART_THRESHOLD_SECONDS = 3;

type Play = PayloadAction<{ track: PlayerTrack; source?: PlaySource }>;
type PlayAll = PayloadAction<{ tracks: PlayerTrack[]; startIndex?: number; source?: PlaySource }>;
type RadioPlay = PayloadAction<{ track: PlayerTrack; offsetSeconds: number; itemId?: string }>;

function* leaveRadioMode(player: PlayerState): SagaIterator {
  if (player.source.kind === 'radio') yield put(playerActions.radioModeLeft());
}

function* onPlay({ payload: { track, source = 'library' } }: Play): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  yield* leaveRadioMode(player);
  if (player.currentTrack && player.currentTrack.id !== track.id) yield put(playerActions.currentSetAside());
  yield* startTrack(track, { source });
}

/** The current song pauses or resumes; another song plays. */
function* onTogglePlay({ payload: { track, source = 'library' } }: Play): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.currentTrack?.id === track.id && !player.isLoading) {
    yield* player.isPlaying ? pause() : resume();
    return;
  }
  yield* leaveRadioMode(player);
  if (player.currentTrack) yield put(playerActions.currentSetAside());
  yield* startTrack(track, { source });
}

/** docs/product.md §4: playing several replaces the queue: the first plays, the rest are queued. */
function* onPlayAll({ payload: { tracks, startIndex = 0, source = 'library' } }: PlayAll): SagaIterator {
  const first = tracks[startIndex];
  if (!first) {
    yield put(toastShown(MESSAGES.failedToStartPlaylist, 'error'));
    return;
  }
  const player: PlayerState = yield select(selectPlayerState);
  yield* leaveRadioMode(player);
  yield put(playerActions.listQueued({ tracks, startIndex }));
  yield* startTrack(first, { source });
}

/** A store without the session (tests of the player alone) has no admin. */
const selectIsAdminIfSignedIn = (state: { auth?: { user: { role: string } | null } }) => state.auth?.user?.role === 'admin';

/** The next queued track plays (outside radio mode). */
function* playNextQueued(player: PlayerState): SagaIterator {
  const next = player.queue[0];
  if (player.source.kind !== 'queue' || !next) return;
  yield put(playerActions.advanced());
  yield* startTrack(next, { source: 'player' });
}

/**
 * Next (player bar, media keys): the next queued track plays; in radio mode it is an admin's Skip
 * of the station's track, the same intent as the radio page's Skip (one skip path), and nothing for a listener.
 */
function* onNext(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.source.kind === 'radio') {
    const isAdmin: boolean = yield select(selectIsAdminIfSignedIn);
    if (isAdmin) yield put(playerActions.stationSkipRequested());
    return;
  }
  yield* playNextQueued(player);
}

/** Outside radio mode the end of a track plays the next queued one, unless "Autoplay the next track" is off (docs/product.md §4.4). */
function* onEnded(): SagaIterator {
  const autoplay: boolean = yield select(selectAutoplayNext);
  const player: PlayerState = yield select(selectPlayerState);
  if (autoplay) yield* playNextQueued(player);
}

/** Restarts the track when more than 3 s in, otherwise goes to the previous track. */
function* onPrevious(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.source.kind !== 'queue') return;
  // a restored track is not in the element yet: its position is the state's
  const position: number = player.needsLoad ? player.currentTime : yield call(enginePosition);
  const previous = player.history[player.history.length - 1];
  if (position > RESTART_THRESHOLD_SECONDS || !previous) {
    yield call(seekEngine, 0);
    yield put(playerActions.timeUpdated({ currentTime: 0 }));
    return;
  }
  yield put(playerActions.wentBack());
  yield* startTrack(previous, { source: 'player' });
}

function* onRadioPlay({ payload: { track, offsetSeconds, itemId } }: RadioPlay): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.source.kind === 'radio' && player.currentTrack?.id === track.id && !player.isLoading) {
    // already on this track: only follow the live position
    yield call(seekEngine, Math.max(0, offsetSeconds));
    if (!player.isPlaying) yield* resume();
    return;
  }
  const services: Services = yield getContext('services');
  const requestedAt: number = yield call(services.now);
  yield* startTrack(track, { source: 'radio', radioOffset: Math.max(0, offsetSeconds), radioOffsetAt: requestedAt, radioItemId: itemId });
}

function* onRadioStopped(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.source.kind !== 'radio') return;
  yield put(playerActions.radioModeLeft());
  yield* pause();
}

/** One worker per command that changes the track. */
const TRACK_WORKERS: Record<string, (action: never) => SagaIterator> = {
  [playerActions.playRequested.type]: onPlay,
  [playerActions.togglePlayRequested.type]: onTogglePlay,
  [playerActions.playAllRequested.type]: onPlayAll,
  [playerActions.nextRequested.type]: onNext,
  [playerActions.previousRequested.type]: onPrevious,
  [playerActions.trackEnded.type]: onEnded,
  [playerActions.radioPlayRequested.type]: onRadioPlay,
  [playerActions.radioStopped.type]: onRadioStopped,
};

/** Latest wins: a newer command cancels an older one still loading (a pause/resume toggle has its own watchers). */
export function* watchTrackCommands(): SagaIterator {
  let running: Task | null = null;
  for (;;) {
    const action: PayloadAction<unknown> = yield take(Object.keys(TRACK_WORKERS));
    if (running?.isRunning()) yield cancel(running);
    running = yield fork(TRACK_WORKERS[action.type], action as never);
  }
}
