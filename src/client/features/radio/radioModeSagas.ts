import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import type { RadioQueueTrack } from '../../../contract/radio';
import { RADIO_DRIFT_TOLERANCE_SECONDS } from '../../../contract/radioConstants';
import type { Services } from '../../services';
import { playerActions, selectPlayer, type PlayerState, type PlayerTrack } from '../../shared/player';
import { livePosition } from './livePosition';
import { radioActions, selectRadio, type RadioState } from './radioSlice';
import { wait } from './socketSagas';

/** How often radio mode compares what plays with the live position. */
export const DRIFT_CHECK_MS = 2_000;

/** What radio mode plays, as the player takes it. */
export function toRadioPlayerTrack(track: RadioQueueTrack): PlayerTrack {
  const playerTrack: PlayerTrack = { id: track.songId, title: track.title, artist: track.artist, url: track.url, duration: track.duration };
  if (track.artworkUrl) playerTrack.artworkUrl = track.artworkUrl;
  return playerTrack;
}

function* currentLivePosition(radio: RadioState) {
  const services: Services = yield getContext('services');
  const localNow: number = yield call(services.now);
  return livePosition({ startedAt: radio.startedAt ?? 0, clockOffsetMs: radio.clockOffsetMs, localNow, duration: radio.currentTrack?.duration ?? 0 });
}

/** In radio mode: when what plays is more than a second from the live position, seek to it. */
export function* driftSaga() {
  const services: Services = yield getContext('services');
  for (;;) {
    yield call(wait, DRIFT_CHECK_MS);
    const player: PlayerState = yield select(selectPlayer);
    const radio: RadioState = yield select(selectRadio);
    if (!player.isRadioMode || !player.isPlaying || player.isLoading || radio.startedAt === null || !radio.currentTrack) continue;
    const live: number = yield call(currentLivePosition, radio);
    const actual: number = yield call([services.audio, services.audio.currentTime]);
    if (Math.abs(live - actual) > RADIO_DRIFT_TOLERANCE_SECONDS) yield put(playerActions.radioSyncRequested({ offsetSeconds: live }));
  }
}

const STATE_ACTIONS = [radioActions.stateReceived.type, radioActions.trackChanged.type, radioActions.statusChanged.type, radioActions.reset.type];
const OWN_PLAY_ACTIONS: string[] = [playerActions.playRequested.type, playerActions.playAllRequested.type, playerActions.togglePlayRequested.type];
const TUNE_IN_ACTIONS = [radioActions.listenRequested.type, radioActions.pageOpened.type];

/** Someone's own music is on (or starting): the radio must not take it over. */
const ownMusicOn = (player: PlayerState) => !player.isRadioMode && (player.isPlaying || player.isLoading);

/**
 * docs/product.md §4.4: only a listener on the radio follows it. They are on it once they press
 * Tune in (or Listen live), or while they have the radio page open with no music of their own on
 * (an admin starting the station there, a listener dropping by). On it, the player plays the live
 * track in radio mode from the live position; when the station stops (or has nothing on) radio mode
 * ends and playback pauses. Playing anything else, or the station going off air, takes them off it;
 * everyone else keeps their music and is offered Tune in.
 */
export function* radioModeSaga() {
  let playing: { itemId: string; startedAt: number } | null = null;
  let tunedIn = false;
  let drift: Task | null = null;
  for (;;) {
    const action: Action = yield take([...STATE_ACTIONS, ...OWN_PLAY_ACTIONS, ...TUNE_IN_ACTIONS]);
    if (OWN_PLAY_ACTIONS.includes(action.type)) {
      tunedIn = false;
      playing = null;
      if (drift) yield cancel(drift);
      drift = null;
      continue;
    }
    if (radioActions.listenRequested.match(action)) tunedIn = true;

    const radio: RadioState = yield select(selectRadio);
    const player: PlayerState = yield select(selectPlayer);
    const live = radio.isRadioActive && radio.currentTrack && radio.startedAt !== null;
    if (live && radio.onRadioPage && !ownMusicOn(player)) tunedIn = true;
    if (live && tunedIn) {
      const want = { itemId: radio.currentTrack!.id, startedAt: radio.startedAt! };
      if (!playing || playing.itemId !== want.itemId || playing.startedAt !== want.startedAt) {
        const offsetSeconds: number = yield call(currentLivePosition, radio);
        yield put(playerActions.radioPlayRequested({ track: toRadioPlayerTrack(radio.currentTrack!), offsetSeconds }));
        playing = want;
        if (!drift) drift = yield fork(driftSaga);
      }
    } else if (playing) {
      yield put(playerActions.radioStopped());
      playing = null;
      if (drift) yield cancel(drift);
      drift = null;
    }
    if (!radio.isRadioActive) tunedIn = false;
  }
}
