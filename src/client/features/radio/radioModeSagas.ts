import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import type { RadioQueueTrack } from '../../../contract/radio';
import { RADIO_DRIFT_TOLERANCE_SECONDS } from '../../../contract/radioConstants';
import type { Services } from '../../services';
import { playerActions, selectPlayer, type PlayerState, type PlayerTrack } from '../../shared/player';
import { livePosition } from './livePosition';
import { BOUNDARY_TOLERANCE_MS, radioSchedule, samePlan, type RadioSchedule } from './radioNextPlan';
import { radioActions, selectRadio, type RadioState } from './radioSlice';
import { wait } from '../../shared/lib/wait';

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
    // the engine already started the next track at the boundary, before the server said so: not a drift
    if (player.currentTrack && player.currentTrack.id !== radio.currentTrack.songId) continue;
    const live: number = yield call(currentLivePosition, radio);
    const actual: number = yield call([services.audio, services.audio.currentTime]);
    if (Math.abs(live - actual) > RADIO_DRIFT_TOLERANCE_SECONDS) yield put(playerActions.radioSyncRequested({ offsetSeconds: live }));
  }
}

const STATE_ACTIONS = [radioActions.stateReceived.type, radioActions.trackChanged.type, radioActions.statusChanged.type, radioActions.reset.type];
const OWN_PLAY_ACTIONS: string[] = [playerActions.playRequested.type, playerActions.playAllRequested.type, playerActions.togglePlayRequested.type];
const TUNE_IN_ACTIONS = [radioActions.listenRequested.type, radioActions.pageOpened.type];
/** What plays changed: the next track is planned again (or dropped while paused or loading). */
const PLAYER_ACTIONS: string[] = [
  playerActions.trackReady.type,
  playerActions.playbackPaused.type,
  playerActions.playbackResumed.type,
  playerActions.elementPlayingChanged.type,
];
/**
 * How long past the boundary the engine's start of the announced track is waited for before it is
 * loaded (a player without the engine, HtmlAudioService, never starts it; nor does an engine that
 * could not fetch it in time).
 */
export const HANDOVER_GRACE_MS = 250;

/** Someone's own music is on (or starting): the radio must not take it over. */
const ownMusicOn = (player: PlayerState) => !player.isRadioMode && (player.isPlaying || player.isLoading);

/** The queue item radio mode plays; `viaEngine` when the engine started it at its boundary (or is about to). */
interface Playing {
  itemId: string;
  startedAt: number;
  viaEngine?: boolean;
}

interface Mode {
  playing: Playing | null;
  tunedIn: boolean;
  drift: Task | null;
  /** what this saga set as the engine's next track */
  scheduled: RadioSchedule | null;
  watchdog: Task | null;
}

/** Sets (or clears) the engine's next track, when it differs from what is set. */
function* schedule(mode: Mode, next: RadioSchedule | null): SagaIterator {
  if (samePlan(mode.scheduled?.plan, next?.plan)) return;
  mode.scheduled = next;
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.setNext], next?.plan ?? null);
}

/** Plays the live track from the live position (loaded, as a skip or a tune-in does). */
function* playLive(mode: Mode, radio: RadioState): SagaIterator {
  yield* schedule(mode, null);
  const offsetSeconds: number = yield call(currentLivePosition, radio);
  yield put(playerActions.radioPlayRequested({ track: toRadioPlayerTrack(radio.currentTrack!), offsetSeconds }));
}

/** The engine did not start the announced track in time: it is loaded at the live position. */
function* handoverWatchdog(mode: Mode, songId: string, startAtMs: number): SagaIterator {
  const services: Services = yield getContext('services');
  const now: number = yield call(services.now);
  yield call(wait, Math.max(0, startAtMs - now) + HANDOVER_GRACE_MS);
  const player: PlayerState = yield select(selectPlayer);
  const radio: RadioState = yield select(selectRadio);
  mode.watchdog = null;
  if (player.currentTrack?.id === songId || radio.currentTrack?.songId !== songId) return;
  yield* playLive(mode, radio);
}

/** The engine started the planned item on the audio clock: it is current, in radio mode, nothing counted and nothing loaded. */
function* onAdvanced(mode: Mode, key: string, duration: number): SagaIterator {
  const planned = mode.scheduled;
  const player: PlayerState = yield select(selectPlayer);
  if (!planned || planned.plan.key !== key || !player.isRadioMode) return;
  mode.scheduled = null;
  if (mode.watchdog) yield cancel(mode.watchdog);
  mode.watchdog = null;
  const { audio }: Services = yield getContext('services');
  yield put(playerActions.trackReady({ track: toRadioPlayerTrack(planned.item), playing: true, radio: true }));
  yield put(playerActions.durationKnown({ duration }));
  const position: number = yield call([audio, audio.currentTime]);
  yield put(playerActions.timeUpdated({ currentTime: position }));
  // the server's track change for it may already be here (then its start time is kept)
  if (mode.playing?.itemId !== planned.item.id) mode.playing = { itemId: planned.item.id, startedAt: planned.boundary, viaEngine: true };
}

/** The live track is `want`: follow it unless the engine starts (or started) it at the boundary. */
function* follow(mode: Mode, radio: RadioState, want: Playing): SagaIterator {
  const { playing, scheduled } = mode;
  if (playing && playing.itemId === want.itemId && playing.startedAt === want.startedAt) return;
  if (playing?.itemId === want.itemId && playing.viaEngine) {
    // the engine started it at the boundary: only the server's start time is adopted
    mode.playing = { ...want, viaEngine: true };
    return;
  }
  const services: Services = yield getContext('services');
  const now: number = yield call(services.now);
  const startAtMs = scheduled?.plan.startAtMs ?? 0;
  if (scheduled?.item.id === want.itemId && Math.abs(want.startedAt - scheduled.boundary) <= BOUNDARY_TOLERANCE_MS && now <= startAtMs + HANDOVER_GRACE_MS) {
    // announced about when the engine starts it at that boundary: it does, unless the watchdog finds it did not
    mode.playing = { ...want, viaEngine: true };
    if (!mode.watchdog) mode.watchdog = yield fork(handoverWatchdog, mode, scheduled.item.songId, startAtMs);
    return;
  }
  yield* playLive(mode, radio);
  mode.playing = want;
  if (!mode.drift) mode.drift = yield fork(driftSaga);
}

/** The track ended with nothing started after it while the announced one was awaited: it is loaded now. */
function* onEnded(mode: Mode): SagaIterator {
  if (!mode.watchdog) return;
  yield cancel(mode.watchdog);
  mode.watchdog = null;
  const radio: RadioState = yield select(selectRadio);
  const player: PlayerState = yield select(selectPlayer);
  if (player.isRadioMode && radio.isRadioActive && radio.currentTrack && radio.currentTrack.id === mode.playing?.itemId) yield* playLive(mode, radio);
}

function* stop(mode: Mode): SagaIterator {
  yield* schedule(mode, null);
  if (mode.drift) yield cancel(mode.drift);
  if (mode.watchdog) yield cancel(mode.watchdog);
  Object.assign(mode, { playing: null, drift: null, watchdog: null });
}

/** While the listener plays the station's current item, the station's next one is planned at its boundary. */
function* planNext(mode: Mode): SagaIterator {
  const radio: RadioState = yield select(selectRadio);
  const player: PlayerState = yield select(selectPlayer);
  // announced and about to start on the engine: the plan stays until it does
  if (mode.watchdog) return;
  const onIt = mode.tunedIn && mode.playing && mode.playing.itemId === radio.currentTrack?.id;
  const listening = player.isRadioMode && player.isPlaying && !player.isLoading && player.currentTrack?.id === radio.currentTrack?.songId;
  yield* schedule(mode, onIt && listening ? radioSchedule(radio) : null);
}

/**
 * docs/product.md §4.4: only a listener on the radio follows it. They are on it once they press
 * Tune in (or Listen live), or while they have the radio page open with no music of their own on
 * (an admin starting the station there, a listener dropping by). On it, the player plays the live
 * track in radio mode from the live position; when the station stops (or has nothing on) radio mode
 * ends and playback pauses. Playing anything else, or the station going off air, takes them off it;
 * everyone else keeps their music and is offered Tune in. docs/product.md §2.14: the station's next
 * track is started by the engine at the boundary, so listeners change track together.
 */
export function* radioModeSaga() {
  const mode: Mode = { playing: null, tunedIn: false, drift: null, scheduled: null, watchdog: null };
  for (;;) {
    const action: Action = yield take([
      ...STATE_ACTIONS,
      ...OWN_PLAY_ACTIONS,
      ...TUNE_IN_ACTIONS,
      ...PLAYER_ACTIONS,
      playerActions.engineAdvanced.type,
      playerActions.trackEnded.type,
    ]);
    if (OWN_PLAY_ACTIONS.includes(action.type)) {
      mode.tunedIn = false;
      yield* stop(mode);
      continue;
    }
    if (playerActions.engineAdvanced.match(action)) yield* onAdvanced(mode, action.payload.key, action.payload.duration);
    else if (playerActions.trackEnded.match(action)) yield* onEnded(mode);
    else if (!PLAYER_ACTIONS.includes(action.type)) yield* followStation(mode, action);
    yield* planNext(mode);
  }
}

function* followStation(mode: Mode, action: Action): SagaIterator {
  if (radioActions.listenRequested.match(action)) mode.tunedIn = true;
  const radio: RadioState = yield select(selectRadio);
  const player: PlayerState = yield select(selectPlayer);
  const live = radio.isRadioActive && radio.currentTrack && radio.startedAt !== null;
  if (live && radio.onRadioPage && !ownMusicOn(player)) mode.tunedIn = true;
  if (live && mode.tunedIn) {
    yield* follow(mode, radio, { itemId: radio.currentTrack!.id, startedAt: radio.startedAt! });
  } else if (mode.playing) {
    yield put(playerActions.radioStopped());
    yield* stop(mode);
  }
  if (!radio.isRadioActive) mode.tunedIn = false;
}
