import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { RADIO_DRIFT_TOLERANCE_SECONDS } from '../../../contract/radioConstants';
import type { Services } from '../../services';
import { isRadioSource, playerActions, samePlan, selectPlayer, type PlayerState } from '../../shared/player';
import { selectPlaybackSettings, settingsActions, type PlaybackSettings } from '../../shared/settings';
import { livePosition } from './livePosition';
import { BOUNDARY_TOLERANCE_MS, plannedRadioNext, radioSchedule, toRadioPlayerTrack, type RadioSchedule } from './radioNextPlan';
import { radioActions, selectRadio, type RadioFollowing, type RadioHandover, type RadioState } from './radioSlice';
import { wait } from '../../shared/lib/wait';

/** How often radio mode compares what plays with the live position. */
export const DRIFT_CHECK_MS = 2_000;

function* currentLivePosition(radio: RadioState) {
  const services: Services = yield getContext('services');
  const localNow: number = yield call(services.now);
  return livePosition({ startedAt: radio.startedAt ?? 0, clockOffsetMs: radio.clockOffsetMs, localNow, duration: radio.currentTrack?.duration ?? 0 });
}

/**
 * In radio mode, following the station: when what plays (the position the player last heard from
 * the engine) is more than a second from the live position, the player is asked to seek to it.
 */
export function* driftSaga() {
  for (;;) {
    yield call(wait, DRIFT_CHECK_MS);
    const player: PlayerState = yield select(selectPlayer);
    const radio: RadioState = yield select(selectRadio);
    if (!isRadioSource(player) || !player.isPlaying || player.isLoading || radio.startedAt === null || !radio.currentTrack) continue;
    // the engine already started the next track at the boundary, before the server said so: not a drift
    if (player.currentTrack && player.currentTrack.id !== radio.currentTrack.songId) continue;
    const live: number = yield call(currentLivePosition, radio);
    if (Math.abs(live - player.currentTime) > RADIO_DRIFT_TOLERANCE_SECONDS) yield put(playerActions.radioSyncRequested({ offsetSeconds: live }));
  }
}

const STATE_ACTIONS = [radioActions.stateReceived.type, radioActions.trackChanged.type, radioActions.statusChanged.type, radioActions.reset.type];
const OWN_PLAY_ACTIONS: string[] = [playerActions.playRequested.type, playerActions.playAllRequested.type, playerActions.togglePlayRequested.type];
const TUNE_IN_ACTIONS = [radioActions.listenRequested.type, radioActions.pageOpened.type];
/** What plays changed, or the ReplayGain settings did: the next track is planned again (or dropped while paused or loading). */
const PLAYER_ACTIONS: string[] = [
  playerActions.trackReady.type,
  playerActions.playbackPaused.type,
  playerActions.playbackResumed.type,
  playerActions.elementPlayingChanged.type,
  settingsActions.saved.type,
];
/**
 * How long past the boundary the engine's start of the announced track is waited for before it is
 * loaded (a player without the engine, HtmlAudioService, never starts it; nor does an engine that
 * could not fetch it in time).
 */
export const HANDOVER_GRACE_MS = 250;

/** Someone's own music is on (or starting): the radio must not take it over. */
const ownMusicOn = (player: PlayerState) => !isRadioSource(player) && (player.isPlaying || player.isLoading);

function* current(): SagaIterator<{ radio: RadioState; player: PlayerState }> {
  const radio: RadioState = yield select(selectRadio);
  const player: PlayerState = yield select(selectPlayer);
  return { radio, player };
}

/** Plans (or drops) the station's next item as the engine's next track, when it differs from the plan. */
function* schedule(next: RadioSchedule | null): SagaIterator {
  const { radio, player } = yield* current();
  if (!samePlan(player.plan.next?.plan, next?.plan)) yield put(playerActions.nextPlanned(next && plannedRadioNext(next)));
  if (!samePlan(radio.scheduled?.plan, next?.plan) || radio.scheduled?.boundary !== next?.boundary) yield put(radioActions.nextScheduled(next));
}

/** Plays the live track from the live position (loaded, as a skip or a tune-in does). */
function* playLive(radio: RadioState): SagaIterator {
  yield* schedule(null);
  const offsetSeconds: number = yield call(currentLivePosition, radio);
  const item = radio.currentTrack!;
  yield put(playerActions.radioPlayRequested({ track: toRadioPlayerTrack(item), offsetSeconds, itemId: item.id }));
}

/** The handover is settled (it happened, or no longer matters): the watchdog stops waiting. */
function* settleHandover(radio: RadioState): SagaIterator {
  if (radio.handover) yield put(radioActions.handoverSettled());
}

/** The engine did not start the announced track in time: it is loaded at the live position. */
function* handoverWatchdog({ payload: { songId, startAtMs } }: PayloadAction<RadioHandover>): SagaIterator {
  const services: Services = yield getContext('services');
  const now: number = yield call(services.now);
  const { settled } = yield race({ elapsed: call(wait, Math.max(0, startAtMs - now) + HANDOVER_GRACE_MS), settled: take(radioActions.handoverSettled.type) });
  if (settled) return;
  yield put(radioActions.handoverSettled());
  const { radio, player } = yield* current();
  if (player.currentTrack?.id === songId || radio.currentTrack?.songId !== songId) return;
  yield* playLive(radio);
}

/** The engine started the planned item on the audio clock: the engineAdvanced reducer made it current, in radio mode, nothing counted and nothing loaded. */
function* onAdvanced(key: string): SagaIterator {
  const { radio, player } = yield* current();
  const planned = radio.scheduled;
  if (!planned || planned.plan.key !== key || player.engine.started?.plan.key !== key) return;
  yield put(radioActions.nextScheduled(null));
  yield* settleHandover(radio);
  // the server's track change for it may already be here (then its start time is kept)
  if (radio.following?.itemId !== planned.item.id) yield put(radioActions.followed({ itemId: planned.item.id, startedAt: planned.boundary, viaEngine: true }));
}

/** The live track is `want`: follow it unless the engine starts (or started) it at the boundary. */
function* follow(radio: RadioState, want: RadioFollowing): SagaIterator {
  const { following: playing, scheduled } = radio;
  if (playing && playing.itemId === want.itemId && playing.startedAt === want.startedAt) return;
  if (playing?.itemId === want.itemId && playing.viaEngine) {
    // the engine started it at the boundary: only the server's start time is adopted
    yield put(radioActions.followed({ ...want, viaEngine: true }));
    return;
  }
  const services: Services = yield getContext('services');
  const now: number = yield call(services.now);
  const startAtMs = scheduled?.plan.startAtMs ?? 0;
  if (scheduled?.item.id === want.itemId && Math.abs(want.startedAt - scheduled.boundary) <= BOUNDARY_TOLERANCE_MS && now <= startAtMs + HANDOVER_GRACE_MS) {
    // announced about when the engine starts it at that boundary: it does, unless the watchdog finds it did not
    yield put(radioActions.followed({ ...want, viaEngine: true }));
    if (!radio.handover) yield put(radioActions.handoverAwaited({ songId: scheduled.item.songId, startAtMs }));
    return;
  }
  yield* playLive(radio);
  yield put(radioActions.followed(want));
}

/** The track ended with nothing started after it while the announced one was awaited: it is loaded now. */
function* onEnded(): SagaIterator {
  const { radio, player } = yield* current();
  if (!radio.handover) return;
  yield* settleHandover(radio);
  if (isRadioSource(player) && radio.isRadioActive && radio.currentTrack && radio.currentTrack.id === radio.following?.itemId) yield* playLive(radio);
}

function* stop(): SagaIterator {
  yield* schedule(null);
  const radio: RadioState = yield select(selectRadio);
  yield* settleHandover(radio);
  if (radio.following) yield put(radioActions.followed(null));
}

/** While the listener plays the station's current item, the station's next one is planned at its boundary. */
function* planNext(): SagaIterator {
  const { radio, player } = yield* current();
  // announced and about to start on the engine: the plan stays until it does
  if (radio.handover) return;
  const onIt = radio.tunedIn && radio.following && radio.following.itemId === radio.currentTrack?.id;
  const listening = isRadioSource(player) && player.isPlaying && !player.isLoading && player.currentTrack?.id === radio.currentTrack?.songId;
  const playback: PlaybackSettings = yield select(selectPlaybackSettings);
  yield* schedule(onIt && listening ? radioSchedule(radio, playback) : null);
}

/**
 * docs/product.md §4.4: only a listener on the radio follows it. They are on it once they press
 * Tune in (or Listen live), or while they have the radio page open with no music of their own on
 * (an admin starting the station there, a listener dropping by). On it, the player plays the live
 * track in radio mode from the live position; when the station stops (or has nothing on) radio mode
 * ends and playback pauses. Playing anything else, or the station going off air, takes them off it;
 * everyone else keeps their music and is offered Tune in. docs/product.md §2.14: the station's next
 * track is started by the engine at the boundary, so listeners change track together. What radio
 * mode follows and planned is the radio slice's (tunedIn, following, scheduled, handover).
 */
export function* radioModeSaga() {
  yield fork(driftSaga);
  yield takeLatest(radioActions.handoverAwaited.type, handoverWatchdog);
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
      const radio: RadioState = yield select(selectRadio);
      if (radio.tunedIn) yield put(radioActions.tunedInChanged(false));
      yield* stop();
      continue;
    }
    if (playerActions.engineAdvanced.match(action)) yield* onAdvanced(action.payload.key);
    else if (playerActions.trackEnded.match(action)) yield* onEnded();
    else if (!PLAYER_ACTIONS.includes(action.type)) yield* followStation();
    yield* planNext();
  }
}

function* followStation(): SagaIterator {
  // Tune in's own reducer has set tunedIn
  const { radio, player } = yield* current();
  const live = radio.isRadioActive && radio.currentTrack && radio.startedAt !== null;
  let tunedIn = radio.tunedIn;
  if (live && radio.onRadioPage && !ownMusicOn(player) && !tunedIn) {
    tunedIn = true;
    yield put(radioActions.tunedInChanged(true));
  }
  if (live && tunedIn) {
    yield* follow(radio, { itemId: radio.currentTrack!.id, startedAt: radio.startedAt! });
  } else if (radio.following) {
    yield put(playerActions.radioStopped());
    yield* stop();
  }
  if (!radio.isRadioActive && tunedIn) yield put(radioActions.tunedInChanged(false));
}
