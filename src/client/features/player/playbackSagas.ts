import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, putResolve, select } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import { songsApi } from '../../api/songsApi';
import { playerActions, QUEUE_SOURCE, type PlayerSource, type PlayerState, type PlayerTrack, type PlaySource } from '../../shared/player';
import type { Services } from '../../services';
import { loadFailureMessage, type AudioLoadError } from '../../services/audio/AudioService';
import { toastShown } from '../../ui/toast/toastSlice';
import { applyTrackGain } from './trackGain';

export const selectPlayerState = (state: { player: PlayerState }) => state.player;

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
  yield put(playerActions.trackLoading({ duration: track.duration, at: radio ? 0 : offset }));
  try {
    yield call(loadStream, services, url);
  } catch (error) {
    const e = error as AudioLoadError;
    if (e.message === MESSAGES.noAudioUrlProvided) return yield* fail(MESSAGES.noAudioUrlProvided);
    return yield* fail(loadFailureMessage(e) ?? MESSAGES.failedToLoadTrack);
  }
  yield call(applyTrackGain, playable);
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

export function* resume(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.currentTrack) return;
  if (player.needsLoad) {
    yield* startTrack(player.currentTrack, { source: 'player', startAt: player.currentTime });
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
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.pause]);
  yield put(playerActions.playbackPaused());
}
