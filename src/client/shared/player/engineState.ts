import type { NextTrackPlan } from '../../services/audio/AudioService';
import type { PlayerSource, PlayerTrack } from './playerTypes';

/** A track planned to follow on the audio clock: the plan the engine was given, the track it is and the source it plays from. */
export interface PlannedNext {
  plan: NextTrackPlan;
  track: PlayerTrack;
  source: PlayerSource;
}

/**
 * What the playback sagas last told the audio engine, put by them after each call: the current
 * track's gain (1 until set; the engine takes a plan's gain when it starts it), the track planned
 * next, and the planned track the engine last started on its own. Compared before each call, so an
 * unchanged plan is not sent (or fetched) again.
 */
export interface EngineState {
  gain: number;
  next: PlannedNext | null;
  started: PlannedNext | null;
}

export const initialEngineState: EngineState = { gain: 1, next: null, started: null };

/** The part of the player state an engine start changes. */
interface Advancing {
  engine: EngineState;
  source: PlayerSource;
  currentTrack: PlayerTrack | null;
  queue: PlayerTrack[];
  history: PlayerTrack[];
  playingSongId: string | null;
  isPlaying: boolean;
  isLoading: boolean;
  requiresInteraction: boolean;
  needsLoad: boolean;
  error: string | null;
  currentTime: number;
  duration: number;
}

/**
 * docs/product.md §2.14: the engine started the planned track (`key`) on the audio clock, gapless,
 * crossfaded or at the radio's boundary. Whatever the source, it is current and playing, from the
 * plan's offset, nothing loaded; a queued track also moves the queue on as Next would (the current
 * one to the history, `setAside`). A start that is not the one planned, or no longer fits the
 * source (the queue moved on, radio mode ended), changes only what the engine is known to have.
 */
export function advanceOnEngine(state: Advancing, key: string, duration: number, setAside: () => void): void {
  const planned = state.engine.next;
  if (planned?.plan.key !== key) return;
  const fits = planned.source.kind === 'queue' ? state.source.kind === 'queue' && state.queue[0]?.id === key : state.source.kind === 'radio';
  state.engine = { gain: planned.plan.gain, next: null, started: fits ? planned : null };
  if (!fits) return;
  if (planned.source.kind === 'queue') {
    setAside();
    state.queue = state.queue.slice(1);
  }
  const track = planned.track.url ? planned.track : { ...planned.track, url: planned.plan.url };
  Object.assign(state, {
    currentTrack: track,
    source: planned.source,
    playingSongId: track.id,
    isPlaying: true,
    isLoading: false,
    requiresInteraction: false,
    needsLoad: false,
    error: null,
    currentTime: planned.plan.offsetSeconds ?? 0,
    duration: duration > 0 ? duration : track.duration,
  });
}
