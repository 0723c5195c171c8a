import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { isRadioSource, playerActions, type PlayerState, type PlayerTrack } from '../../shared/player';
import { trackGainFor } from '../../shared/player';
import { DEFAULT_STREAMING, selectPlaybackSettings, settingsActions, type PlaybackSettings, type SettingsState } from '../../shared/settings';

type WithSettings = { settings?: Partial<SettingsState> };
export const selectAutoplayNext = (state: WithSettings): boolean => (state.settings?.streaming ?? DEFAULT_STREAMING).autoplayNext;

const selectPlayer = (state: { player: PlayerState }) => state.player;

/**
 * Sets the gain of the track that is starting (docs/product.md §2.14), its neighbours being the
 * last of the history and the first of the queue (the queue and history already moved for it).
 * A radio track has none of the player's: the station is a mixed queue (its track gain, or its
 * album gain in album mode), as its next track is planned (radioNextPlan.ts).
 * Only a gain that differs from the one planned is proposed (the playback saga tells the engine).
 */
export function* applyTrackGain(track: PlayerTrack, radio = false): SagaIterator {
  const player: PlayerState = yield select(selectPlayer);
  const settings: PlaybackSettings = yield select(selectPlaybackSettings);
  const gain = trackGainFor(track, settings, radio ? {} : { previous: player.history.at(-1), next: player.queue[0] });
  if (player.plan.gain === gain) return;
  yield put(playerActions.gainPlanned(gain));
}

/** A saved ReplayGain mode or preamp applies to the track playing now, not only to the next ones. */
function* reapplyTrackGain(): SagaIterator {
  const player: PlayerState = yield select(selectPlayer);
  if (player.currentTrack && !player.needsLoad && !player.isLoading) yield call(applyTrackGain, player.currentTrack, isRadioSource(player));
}

export function* watchGainSettings(): SagaIterator {
  yield takeLatest(settingsActions.saved.type, reapplyTrackGain);
}
