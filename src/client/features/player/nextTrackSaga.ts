import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { playerActions, QUEUE_SOURCE, type PlannedNext, type PlayerState } from '../../shared/player';
import { selectPlaybackSettings, settingsActions, type PlaybackSettings } from '../../shared/settings';
import { nextIntent, sameAsPlan, type NextIntent } from './nextTrackPlan';
import { fetchPublicUrl, selectPlayerState } from './playbackSagas';
import { selectAutoplayNext } from './trackGain';

/**
 * A load replaces what plays: its reducer drops what was planned after the old track, and a plan
 * still being made (its URL fetched) is abandoned.
 */
const CLEARING: string[] = [playerActions.trackLoading.type];
/**
 * What follows may have changed. Next, Previous, a list played and a track set aside always end in
 * a load (trackLoading, then trackReady), so they are not watched on their own: their half-moved
 * queue would plan a track only to drop it.
 */
const PLANNING = [playerActions.trackReady.type, playerActions.engineAdvanced.type, playerActions.radioModeLeft.type, settingsActions.saved.type];

function* setNext(next: PlannedNext | null): SagaIterator {
  const { plan }: PlayerState = yield select(selectPlayerState);
  if (next === null && plan.next === null) return;
  yield put(playerActions.nextPlanned(next));
}

function* planNext(action: Action): SagaIterator {
  if (CLEARING.includes(action.type)) return;
  const player: PlayerState = yield select(selectPlayerState);
  // the radio plans the engine's next track itself
  if (player.source.kind !== 'queue') return;
  const autoplay: boolean = yield select(selectAutoplayNext);
  const playback: PlaybackSettings = yield select(selectPlaybackSettings);
  const intent: NextIntent | null = nextIntent(player, autoplay, playback);
  if (!intent) return yield* setNext(null);
  if (sameAsPlan(player.plan.next?.plan ?? null, intent)) return;
  // a queued track that came without a URL gets its stream URL as a play would
  const url: string = intent.track.url || (yield call(fetchPublicUrl, intent.track.id));
  if (!url) return yield* setNext(null);
  const plan = { key: intent.track.id, url, gain: intent.gain, crossfadeSeconds: intent.crossfadeSeconds };
  yield* setNext({ plan, track: intent.track, source: QUEUE_SOURCE });
}

/** docs/product.md §2.14: keeps the planned next track the one the queue and the settings say (the playback saga tells the engine). */
export function* nextTrackSaga(): SagaIterator {
  yield takeLatest([...CLEARING, ...PLANNING], planNext);
}
