import type { AudioGraph } from './audioGraph';
import type { PooledElement } from './ElementPool';

const GAIN_RAMP_SECONDS = 0.02;

/** The listener's volume and mute: on every element, and on the buffer voices' shared gain (bufferOut). */
export class OutputLevel {
  volume = 1;
  muted = false;

  /** Chrome applies element.volume to a MediaElementAudioSourceNode's output; buffer voices get a gain, ramped to avoid a click. */
  apply(elements: PooledElement[], graph: AudioGraph | null): void {
    for (const entry of elements) this.applyTo(entry.el);
    if (graph) graph.bufferOut.gain.setTargetAtTime(this.gain, graph.ctx.currentTime, GAIN_RAMP_SECONDS / 3);
  }

  applyTo(el: HTMLAudioElement): void {
    el.volume = this.volume;
    el.muted = this.muted;
  }

  get gain(): number {
    return this.muted ? 0 : this.volume;
  }
}

/** Moves a gain to `value` over about GAIN_RAMP_SECONDS (a track's ReplayGain changing mid-play). */
export function rampGain(param: AudioParam, value: number, ctx: BaseAudioContext): void {
  param.setTargetAtTime(value, ctx.currentTime, GAIN_RAMP_SECONDS / 3);
}
