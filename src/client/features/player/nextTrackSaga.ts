import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, select, takeLatest } from 'redux-saga/effects';
import { playerActions, QUEUE_SOURCE, setEngineNext, type PlannedNext, type PlayerState } from '../../shared/player';
import { settingsActions, type PlaybackSettings } from '../../shared/settings';
import { nextIntent, sameAsPlan, type NextIntent } from './nextTrackPlan';
import { fetchPublicUrl, selectPlayerState } from './playbackSagas';
import { selectAutoplayNext, selectPlaybackSettings } from './trackGain';

/**
 * A load replaces what plays, so what was planned after the old track goes. (Sign-out pauses the
 * engine, where a plan cannot start; the next sign-in's first play is a load.)
 */
const CLEARING: string[] = [playerActions.trackLoading.type];
/**
 * What follows may have changed. Next, Previous, a list played and a track set aside always end in
 * a load (trackLoading, then trackReady), so they are not watched on their own: their half-moved
 * queue would plan a track only to drop it.
 */
const PLANNING = [playerActions.trackReady.type, playerActions.engineAdvanced.type, playerActions.radioModeLeft.type, settingsActions.saved.type];

function* setNext(next: PlannedNext | null): SagaIterator {
  const { engine }: PlayerState = yield select(selectPlayerState);
  if (next === null && engine.next === null) return;
  yield call(setEngineNext, next);
}

function* planNext(action: Action): SagaIterator {
  if (CLEARING.includes(action.type)) return yield* setNext(null);
  const player: PlayerState = yield select(selectPlayerState);
  // the radio plans the engine's next track itself
  if (player.source.kind !== 'queue') return;
  const autoplay: boolean = yield select(selectAutoplayNext);
  const playback: PlaybackSettings = yield select(selectPlaybackSettings);
  const intent: NextIntent | null = nextIntent(player, autoplay, playback);
  if (!intent) return yield* setNext(null);
  if (sameAsPlan(player.engine.next?.plan ?? null, intent)) return;
  // a queued track that came without a URL gets its stream URL as a play would
  const url: string = intent.track.url || (yield call(fetchPublicUrl, intent.track.id));
  if (!url) return yield* setNext(null);
  const plan = { key: intent.track.id, url, gain: intent.gain, crossfadeSeconds: intent.crossfadeSeconds };
  yield* setNext({ plan, track: intent.track, source: QUEUE_SOURCE });
}

/** docs/product.md §2.14: keeps the engine's next track the one the queue and the settings say. */
export function* nextTrackSaga(): SagaIterator {
  yield takeLatest([...CLEARING, ...PLANNING], planNext);
}
