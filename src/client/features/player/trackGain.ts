import type { SagaIterator } from 'redux-saga';
import { call, select, takeLatest } from 'redux-saga/effects';
import { setEngineGain, type PlayerState, type PlayerTrack } from '../../shared/player';
import { DEFAULT_PLAYBACK, DEFAULT_STREAMING, settingsActions, type PlaybackSettings, type SettingsState } from '../../shared/settings';
import { trackGainFor } from './replayGain';

type WithSettings = { settings?: Partial<SettingsState> };
/** The settings live in shared/settings; a store without them (tests) has the defaults. */
export const selectPlaybackSettings = (state: WithSettings): PlaybackSettings => state.settings?.playback ?? DEFAULT_PLAYBACK;
export const selectAutoplayNext = (state: WithSettings): boolean => (state.settings?.streaming ?? DEFAULT_STREAMING).autoplayNext;

const selectPlayer = (state: { player: PlayerState }) => state.player;

/**
 * Sets the gain of the track that is starting (docs/product.md §2.14), its neighbours being the
 * last of the history and the first of the queue (the queue and history already moved for it).
 * Only a gain that differs from the one the engine has is sent.
 */
export function* applyTrackGain(track: PlayerTrack): SagaIterator {
  const player: PlayerState = yield select(selectPlayer);
  const settings: PlaybackSettings = yield select(selectPlaybackSettings);
  const gain = trackGainFor(track, settings, { previous: player.history.at(-1), next: player.queue[0] });
  if (player.engine.gain === gain) return;
  yield call(setEngineGain, gain);
}

/** A saved ReplayGain mode or preamp applies to the track playing now, not only to the next ones. */
function* reapplyTrackGain(): SagaIterator {
  const player: PlayerState = yield select(selectPlayer);
  if (player.currentTrack && !player.needsLoad && !player.isLoading) yield call(applyTrackGain, player.currentTrack);
}

export function* watchGainSettings(): SagaIterator {
  yield takeLatest(settingsActions.saved.type, reapplyTrackGain);
}
