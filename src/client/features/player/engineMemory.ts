import type { AudioService, NextTrackPlan } from '../../services/audio/AudioService';

/**
 * What the player sagas last told one audio service: the current track's gain (1 until set; the
 * engine keeps it until told otherwise and takes the plan's gain when it advances) and the next
 * track they planned. Compared before each call, so an unchanged plan is not fetched again.
 */
export interface EngineMemory {
  gain: number;
  next: NextTrackPlan | null;
}

const memories = new WeakMap<AudioService, EngineMemory>();

export function engineMemory(audio: AudioService): EngineMemory {
  let memory = memories.get(audio);
  if (!memory) {
    memory = { gain: 1, next: null };
    memories.set(audio, memory);
  }
  return memory;
}
