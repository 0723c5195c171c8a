import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, putResolve, select, take } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import { songsApi } from '../../api/songsApi';
import {
  playerActions,
  playerSlice,
  QUEUE_SOURCE,
  samePlannedNext,
  type PlayerSource,
  type PlayerState,
  type PlayerTrack,
  type PlaySource,
} from '../../shared/player';
import type { Services } from '../../services';
import { loadFailureMessage, type AudioLoadError, type AudioService } from '../../services/audio/AudioService';
import { toastShown } from '../../ui/toast/toastSlice';
import { applyTrackGain } from './trackGain';

/*
 * The playback saga: the one caller of the AudioService. The player's commands (play, pause, seek,
 * volume, a likely play) reach the engine through the effects below, and what the queue and the radio
 * plan for it (the next track, the current gain: `player.plan`) reaches it through syncEngine, which
 * compares the plan with what the engine was told (`player.engine`). No other saga holds the service.
 */

export const selectPlayerState = (state: { player: PlayerState }) => state.player;

function* engine(): SagaIterator<AudioService> {
  const { audio }: Services = yield getContext('services');
  return audio;
}

export function* seekEngine(seconds: number): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.seek], seconds);
}

/** Where the engine is in the current track (seconds). */
export function* enginePosition(): SagaIterator<number> {
  const audio: AudioService = yield* engine();
  const position: number = yield call([audio, audio.currentTime]);
  return position;
}

export function* pauseEngine(): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.pause]);
}

export function* setEngineVolume(volume: number): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.setVolume], volume);
}

export function* setEngineMuted(muted: boolean): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.setMuted], muted);
}

export function* prepareOnEngine(url: string): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.prepare], url);
}

export function* cancelPrepareOnEngine(url: string): SagaIterator {
  const audio: AudioService = yield* engine();
  yield call([audio, audio.cancelPrepare], url);
}

/** Tells the engine what differs between the plan and what it has, until nothing does. */
function* bringEngineToPlan(audio: AudioService): SagaIterator {
  for (;;) {
    const { plan, engine: told }: PlayerState = yield select(selectPlayerState);
    if (!samePlannedNext(plan.next, told.next)) {
      yield call([audio, audio.setNext], plan.next?.plan ?? null);
      yield put(playerActions.engineNextSet(plan.next));
    } else if (plan.next !== told.next) {
      // the same plan proposed again: nothing to tell the engine
      yield put(playerActions.engineNextSet(plan.next));
    } else if (plan.gain !== told.gain) {
      yield call([audio, audio.setTrackGain], plan.gain);
      yield put(playerActions.engineGainSet(plan.gain));
    } else return;
  }
}

const isPlayerAction = (action: Action) => action.type.startsWith(`${playerSlice.name}/`);

/** docs/product.md §2.14: the engine's next slot and gain follow the plan, whichever source made it. */
export function* syncEngine(): SagaIterator {
  const audio: AudioService = yield* engine();
  for (;;) {
    yield take(isPlayerAction);
    yield call(bringEngineToPlan, audio);
  }
}

/** Waits until syncEngine told the engine the current track's planned gain (a track starts at its level). */
function* gainOnEngine(): SagaIterator {
  for (;;) {
    const { plan, engine: told }: PlayerState = yield select(selectPlayerState);
    if (plan.gain === told.gain) return;
    yield take(playerActions.engineGainSet.type);
  }
}

export interface StartOptions {
  source: PlaySource;
  /** radio mode: seek to this offset once the duration is known; no play is counted */
  radioOffset?: number;
  /** radio mode: when (services.now(), local ms) radioOffset was the live position; the time the load took is added to it */
  radioOffsetAt?: number;
  /** radio mode: the station's queue item it plays */
  radioItemId?: string;
  /** outside radio mode: start at this position (a track restored after a reload) */
  startAt?: number;
}

function isNotAllowed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'NotAllowedError';
}

/** A song's current stream URL, for tracks that came without one (through the one HTTP path, with its 401 refresh). */
export function* fetchPublicUrl(songId: string): SagaIterator<string> {
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
    const { mediaErrorCode: code, offline } = error as AudioLoadError;
    // offline, no session renewal can help (and the message names the network, see loadFailureMessage)
    if (offline || (code !== MEDIA_ERR_SRC_NOT_SUPPORTED && code !== MEDIA_ERR_NETWORK)) throw error;
    const renewed: string | null = yield call([services.session, services.session.refresh]);
    if (!renewed) throw error;
    yield call([audio, audio.load], url);
  }
}

/**
 * The radio's live position once the track has loaded: the offset it was asked for plus the time
 * since, so a slow load does not leave the listener behind the station (docs/product.md §2.14).
 */
function* liveOffset(services: Services, { radioOffset = 0, radioOffsetAt }: StartOptions): SagaIterator<number> {
  if (radioOffsetAt === undefined) return radioOffset;
  const now: number = yield call(services.now);
  const { duration }: PlayerState = yield select(selectPlayerState);
  const live = radioOffset + Math.max(0, now - radioOffsetAt) / 1000;
  return duration > 0 ? Math.min(live, duration) : live;
}

/** Says where the current track was left before a load replaces it (a track still loading has no place yet; radio mode keeps none). */
function* leaveCurrent(): SagaIterator {
  const { currentTrack, isLoading, source, currentTime, duration }: PlayerState = yield select(selectPlayerState);
  if (currentTrack && !isLoading && source.kind === 'queue') yield put(playerActions.trackLeft({ track: currentTrack, seconds: currentTime, duration }));
}

export function* fail(message: string): SagaIterator {
  yield put(playerActions.playbackFailed({ message }));
  yield put(toastShown(message, 'error'));
}

/**
 * docs/product.md §4 "Playback": loads the track, then sets the current song, the playing flag and the
 * playing id; on failure playing is false and the id is cleared. A blocked autoplay leaves the
 * track current and waits for a click.
 */
export function* startTrack(track: PlayerTrack, options: StartOptions): SagaIterator {
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
  const source: PlayerSource = radio ? { kind: 'radio', itemId: options.radioItemId ?? null } : QUEUE_SOURCE;

  const offset = radio ? options.radioOffset! : (options.startAt ?? 0);
  yield call(leaveCurrent);
  yield put(playerActions.trackLoading({ duration: track.duration, at: radio ? 0 : offset }));
  try {
    yield call(loadStream, services, url);
  } catch (error) {
    const e = error as AudioLoadError;
    if (e.message === MESSAGES.noAudioUrlProvided) return yield* fail(MESSAGES.noAudioUrlProvided);
    return yield* fail(loadFailureMessage(e) ?? MESSAGES.failedToLoadTrack);
  }
  yield call(applyTrackGain, playable, radio);
  yield call(gainOnEngine);
  const start: number = radio ? yield call(liveOffset, services, options) : offset;
  if (start > 0) yield call([audio, audio.seek], start);
  try {
    yield call([audio, audio.play]);
  } catch (error) {
    if (isNotAllowed(error)) {
      yield put(playerActions.trackReady({ track: playable, playing: false, source }));
      yield put(playerActions.interactionRequired({ message: MESSAGES.clickToStartPlayback }));
      yield put(playerActions.startDeferred(radio ? null : { track: playable, source: options.source }));
      return;
    }
    return yield* fail(MESSAGES.failedToPlayTrack);
  }
  yield put(playerActions.trackReady({ track: playable, playing: true, source }));
  if (!radio) yield put(playerActions.trackStarted({ track: playable, source: options.source }));
}

/** A restored position this close to the track's end counts as the end. */
const END_MARGIN_SECONDS = 0.5;

export function* resume(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.currentTrack) return;
  if (player.needsLoad) {
    // a track saved at its end plays again from its start, as an ended element does (it would end at once and move on)
    const atEnd = player.duration > 0 && player.currentTime >= player.duration - END_MARGIN_SECONDS;
    yield* startTrack(player.currentTrack, { source: 'player', startAt: atEnd ? 0 : player.currentTime });
    return;
  }
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
  // a start that waited for this click is counted now (the reducer clears it)
  const { pendingStart: started }: PlayerState = yield select(selectPlayerState);
  yield put(playerActions.playbackResumed());
  if (started && started.track.id === player.currentTrack.id && player.source.kind === 'queue') {
    yield put(playerActions.trackStarted(started));
  }
}

export function* pause(): SagaIterator {
  yield call(pauseEngine);
  yield put(playerActions.playbackPaused());
}
