import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, putResolve, select, take, takeEvery } from 'redux-saga/effects';
import { songsApi } from '../../api/songsApi';
import { MESSAGES } from '../../../contract/messages';
import type { Services } from '../../services';
import { mediaErrorMessage, type AudioLoadError } from '../../services/audio/AudioService';
import { watchAudioEvents } from './audioEventsSaga';
import { onMuteToggle, onVolume } from './volumeSagas';
import { toastShown } from '../../ui/toast/toastSlice';
import { playerActions, type PlayerState } from '../../shared/player/playerSlice';
import type { PlayerTrack, PlaySource } from '../../shared/player/playerTypes';

/** Previous restarts the track when it has played longer than this. */
export const RESTART_THRESHOLD_SECONDS = 3;

const selectPlayerState = (state: { player: PlayerState }) => state.player;

interface StartOptions {
  source: PlaySource;
  /** radio mode: seek to this offset once the duration is known; no play is counted */
  radioOffset?: number;
}

function isNotAllowed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'NotAllowedError';
}

/** A song's current stream URL, for tracks that came without one (through the one HTTP path, with its 401 refresh). */
function* fetchPublicUrl(songId: string): SagaIterator<string> {
  const result: { data?: { song?: { publicUrl?: string } } } = yield putResolve(songsApi.endpoints.getSong.initiate(songId, { subscribe: false }) as never);
  return result.data?.song?.publicUrl ?? '';
}

/** What a refused stream looks like to the element: it cannot see the 401, only a source it could not use. */
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/**
 * Loads a stream. Streams authenticate with the session's stream cookie, which a refresh re-sets:
 * when a load fails the way a refused stream does, the session is renewed once and the load tried again.
 */
function* loadStream(services: Services, url: string): SagaIterator {
  const { audio } = services;
  try {
    yield call([audio, audio.load], url);
  } catch (error) {
    const code = (error as AudioLoadError).mediaErrorCode;
    if (code !== MEDIA_ERR_SRC_NOT_SUPPORTED && code !== MEDIA_ERR_NETWORK) throw error;
    const renewed: string | null = yield call([services.session, services.session.refresh]);
    if (!renewed) throw error;
    yield call([audio, audio.load], url);
  }
}

function* fail(message: string): SagaIterator {
  yield put(playerActions.playbackFailed({ message }));
  yield put(toastShown(message, 'error'));
}

/**
 * SPEC §4 "Playback": loads the track, then sets the current song, the playing flag and the
 * playing id; on failure playing is false and the id is cleared. A blocked autoplay leaves the
 * track current and waits for a click.
 */
function* startTrack(track: PlayerTrack, options: StartOptions): SagaIterator {
  const services: Services = yield getContext('services');
  const audio = services.audio;
  if (!services.tokenStore.get()) return yield* fail(MESSAGES.authenticationRequired);
  let url = track.url;
  if (!url) {
    url = yield call(fetchPublicUrl, track.id);
    if (!url) return yield* fail(MESSAGES.noAudioUrlAvailable);
  }
  const playable = { ...track, url };
  const radio = options.radioOffset !== undefined;

  yield put(playerActions.trackLoading({ duration: track.duration }));
  try {
    yield call(loadStream, services, url);
  } catch (error) {
    const e = error as AudioLoadError;
    if (e.message === MESSAGES.noAudioUrlProvided) return yield* fail(MESSAGES.noAudioUrlProvided);
    return yield* fail(e.mediaErrorCode ? mediaErrorMessage(e.mediaErrorCode) : MESSAGES.failedToLoadTrack);
  }
  if (radio && options.radioOffset! > 0) yield call([audio, audio.seek], options.radioOffset!);
  try {
    yield call([audio, audio.play]);
  } catch (error) {
    if (isNotAllowed(error)) {
      yield put(playerActions.trackReady({ track: playable, playing: false, radio }));
      yield put(playerActions.interactionRequired({ message: MESSAGES.clickToStartPlayback }));
      pendingStart = radio ? null : { track: playable, source: options.source };
      return;
    }
    return yield* fail(MESSAGES.failedToPlayTrack);
  }
  yield put(playerActions.trackReady({ track: playable, playing: true, radio }));
  if (!radio) yield put(playerActions.trackStarted({ track: playable, source: options.source }));
}

/** A track whose start waits for a click (autoplay blocked); counted once it really starts. */
let pendingStart: { track: PlayerTrack; source: PlaySource } | null = null;

function* resume(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.currentTrack) return;
  try {
    yield call([audio, audio.play]);
  } catch (error) {
    if (isNotAllowed(error)) {
      yield put(playerActions.interactionRequired({ message: MESSAGES.clickToStartPlayback }));
      return;
    }
    yield* fail(MESSAGES.failedToPlayAudio);
    return;
  }
  yield put(playerActions.playbackResumed());
  const started = pendingStart;
  pendingStart = null;
  if (started && started.track.id === player.currentTrack.id && !player.isRadioMode) {
    yield put(playerActions.trackStarted(started));
  }
}

function* pause(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.pause]);
  yield put(playerActions.playbackPaused());
}

/** Moves `current` into history and starts the next queued track; false when the queue is empty. */
function* advance(source: PlaySource): SagaIterator<boolean> {
  const player: PlayerState = yield select(selectPlayerState);
  const [next, ...rest] = player.queue;
  if (!next) return false;
  const history = player.currentTrack ? [...player.history, player.currentTrack] : player.history;
  yield put(playerActions.queueChanged({ queue: rest, history }));
  yield* startTrack(next, { source });
  return true;
}

function* goBack(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  const position: number = yield call([audio, audio.currentTime]);
  const previous = player.history[player.history.length - 1];
  if (position > RESTART_THRESHOLD_SECONDS || !previous) {
    yield call([audio, audio.seek], 0);
    yield put(playerActions.timeUpdated({ currentTime: 0 }));
    return;
  }
  const queue = player.currentTrack ? [player.currentTrack, ...player.queue] : player.queue;
  yield put(playerActions.queueChanged({ queue, history: player.history.slice(0, -1) }));
  yield* startTrack(previous, { source: 'player' });
}

/** Whatever changes the track: the newest one wins, an older load still running is cancelled. */
function* trackCommand(action: PayloadAction<unknown>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  const a = action as PayloadAction<never>;
  if (playerActions.playRequested.match(a)) {
    const { track, source = 'library' } = a.payload as { track: PlayerTrack; source?: PlaySource };
    if (player.isRadioMode) yield put(playerActions.radioModeLeft());
    if (player.currentTrack && player.currentTrack.id !== track.id) {
      yield put(playerActions.queueChanged({ queue: player.queue, history: [...player.history, player.currentTrack] }));
    }
    yield* startTrack(track, { source });
  } else if (playerActions.togglePlayRequested.match(a)) {
    const { track, source = 'library' } = a.payload as { track: PlayerTrack; source?: PlaySource };
    if (player.currentTrack?.id === track.id && !player.isLoading) {
      if (player.isPlaying) yield* pause();
      else yield* resume();
      return;
    }
    if (player.isRadioMode) yield put(playerActions.radioModeLeft());
    if (player.currentTrack) {
      yield put(playerActions.queueChanged({ queue: player.queue, history: [...player.history, player.currentTrack] }));
    }
    yield* startTrack(track, { source });
  } else if (playerActions.playAllRequested.match(a)) {
    const { tracks, startIndex = 0, source = 'library' } = a.payload as { tracks: PlayerTrack[]; startIndex?: number; source?: PlaySource };
    const first = tracks[startIndex];
    if (!first) {
      yield put(toastShown(MESSAGES.failedToStartPlaylist, 'error'));
      return;
    }
    if (player.isRadioMode) yield put(playerActions.radioModeLeft());
    const history = [...player.history, ...(player.currentTrack ? [player.currentTrack] : []), ...tracks.slice(0, startIndex)];
    yield put(playerActions.queueChanged({ queue: tracks.slice(startIndex + 1), history }));
    yield* startTrack(first, { source });
  } else if (playerActions.nextRequested.match(a)) {
    if (player.isRadioMode) return; // the radio feature turns Next into a skip for admins
    yield* advance('player');
  } else if (playerActions.previousRequested.match(a)) {
    if (player.isRadioMode) return;
    yield* goBack();
  } else if (playerActions.trackEnded.match(a)) {
    if (player.isRadioMode) return;
    yield* advance('player');
  } else if (playerActions.radioPlayRequested.match(a)) {
    const { track, offsetSeconds } = a.payload as { track: PlayerTrack; offsetSeconds: number };
    const { audio }: Services = yield getContext('services');
    if (player.isRadioMode && player.currentTrack?.id === track.id && !player.isLoading) {
      // already on this track: only follow the live position
      yield call([audio, audio.seek], Math.max(0, offsetSeconds));
      if (!player.isPlaying) yield* resume();
      return;
    }
    yield* startTrack(track, { source: 'radio', radioOffset: Math.max(0, offsetSeconds) });
  } else if (playerActions.radioStopped.match(a)) {
    if (!player.isRadioMode) return;
    yield put(playerActions.radioModeLeft());
    yield* pause();
  }
}

const TRACK_COMMANDS = [
  playerActions.playRequested.type,
  playerActions.togglePlayRequested.type,
  playerActions.playAllRequested.type,
  playerActions.nextRequested.type,
  playerActions.previousRequested.type,
  playerActions.trackEnded.type,
  playerActions.radioPlayRequested.type,
  playerActions.radioStopped.type,
];

/** takeLatest for the commands that change the track, but a pause/resume toggle never cancels a load. */
function* watchTrackCommands(): SagaIterator {
  let running: Task | null = null;
  for (;;) {
    const action: PayloadAction<unknown> = yield take(TRACK_COMMANDS);
    if (running?.isRunning()) yield cancel(running);
    running = yield fork(trackCommand, action);
  }
}

function* onPlayPause(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.currentTrack) return;
  if (player.isPlaying) yield* pause();
  else yield* resume();
}

function* onSeek(action: PayloadAction<{ seconds: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  const { seconds } = action.payload;
  // SPEC §5: ignored unless between 0 and the duration; SPEC §4: disabled in radio mode
  if (player.isRadioMode || !player.currentTrack || !Number.isFinite(seconds) || seconds < 0 || seconds > player.duration) return;
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.seek], seconds);
  yield put(playerActions.timeUpdated({ currentTime: seconds }));
}

function* onRadioSync(action: PayloadAction<{ offsetSeconds: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.isRadioMode || player.isLoading) return;
  const { offsetSeconds } = action.payload;
  if (!Number.isFinite(offsetSeconds) || offsetSeconds < 0 || (player.duration > 0 && offsetSeconds > player.duration)) return;
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.seek], offsetSeconds);
}

function* onUserInteracted(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.requiresInteraction) yield* resume();
}

export function* playerSaga(): SagaIterator {
  pendingStart = null;
  yield fork(watchAudioEvents);
  yield fork(watchTrackCommands);
  yield takeEvery(playerActions.playPauseRequested.type, onPlayPause);
  yield takeEvery(playerActions.pauseRequested.type, pause);
  yield takeEvery(playerActions.resumeRequested.type, resume);
  yield takeEvery(playerActions.seekRequested.type, onSeek);
  yield takeEvery(playerActions.radioSyncRequested.type, onRadioSync);
  yield takeEvery(playerActions.volumeChangeRequested.type, onVolume);
  yield takeEvery(playerActions.muteToggleRequested.type, onMuteToggle);
  yield takeEvery(playerActions.userInteracted.type, onUserInteracted);
}
