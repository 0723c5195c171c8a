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

/**
 * What the sources want the engine to have, proposed by their own reducers and sagas (the queue's
 * next track and the current track's gain, or the radio's next item at its boundary). The player's
 * playback saga compares it with `EngineState` and tells the engine the difference: the engine has
 * one next slot and one gain, and one writer.
 */
export interface EnginePlan {
  gain: number;
  next: PlannedNext | null;
}

export const initialEnginePlan: EnginePlan = { gain: 1, next: null };

export function samePlan(a: NextTrackPlan | null | undefined, b: NextTrackPlan | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    a.key === b.key &&
    a.url === b.url &&
    a.startAtMs === b.startAtMs &&
    a.gain === b.gain &&
    a.crossfadeSeconds === b.crossfadeSeconds &&
    (a.offsetSeconds ?? 0) === (b.offsetSeconds ?? 0)
  );
}

/** The part of the player state an engine start changes. */
interface Advancing {
  engine: EngineState;
  plan: EnginePlan;
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
  // the plan it followed is used up: the engine plays it at its gain, and nothing is planned after it yet
  state.plan = { gain: planned.plan.gain, next: null };
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

/** Two planned tracks the engine would play alike, for the same source. */
export function samePlannedNext(a: PlannedNext | null, b: PlannedNext | null): boolean {
  if (!a || !b) return !a && !b;
  const sameSource = a.source.kind === b.source.kind && (a.source.kind === 'queue' || a.source.itemId === (b.source as { itemId: string | null }).itemId);
  return sameSource && a.track.id === b.track.id && samePlan(a.plan, b.plan);
}
