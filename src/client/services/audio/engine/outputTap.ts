import type { AudioGraph, Tap } from './audioGraph';
import { createTap } from './audioGraph';

/**
 * What window.wavelengthAudioTap answers (a debug switch: localStorage.wavelength_audio_tap = '1',
 * docs/product.md §2.14): the audio output as heard, by context frame, for tests and benchmarks.
 */
export interface AudioTapApi {
  ready(): boolean;
  sampleRate(): number;
  /** the frame after the newest sample recorded */
  latestFrame(): number;
  earliestFrame(): number;
  /** the mono output over frames [from, to), null when not (or no longer) recorded */
  samples(from: number, to: number): number[] | null;
  /** the context clock against the wall clock: frame = contextTime * sampleRate at performance.now() = performanceTime */
  clock(): { contextTime: number; performanceTime: number; timeOrigin: number; currentTime: number } | null;
}

const RECORD_SECONDS = 60;

export interface WebAudioEngineOptions {
  /** the tap worklet module's same-origin URL (webpack emits it; see createAudio.ts) */
  workletUrl?: string | URL;
  /** record the output for window.wavelengthAudioTap */
  outputTap?: OutputTap;
  /** a click on an unprepared track plays its first bytes (engine/firstBytes.ts); off until the hand-over's browser tests cover it */
  firstBytes?: boolean;
}

/** Taps a context's output (`from`, the node before the destination) once its worklet is loaded. */
export class OutputTap implements AudioTapApi {
  private tap: Tap | null = null;
  private ctx: BaseAudioContext | null = null;

  attach(ctx: AudioContext, from: AudioNode, worklet: Promise<boolean>): void {
    void worklet.then((ok) => {
      if (!ok || this.tap) return;
      this.ctx = ctx;
      this.tap = createTap(ctx, from, RECORD_SECONDS);
    });
  }

  attachGraph(graph: AudioGraph): void {
    this.attach(graph.ctx, graph.master, graph.worklet);
  }

  ready(): boolean {
    return this.tap !== null;
  }

  sampleRate(): number {
    return this.ctx?.sampleRate ?? 0;
  }

  latestFrame(): number {
    return this.tap?.ring.latestFrame ?? 0;
  }

  earliestFrame(): number {
    return this.tap?.ring.earliestFrame ?? 0;
  }

  samples(from: number, to: number): number[] | null {
    const data = this.tap?.ring.read(from, to);
    return data ? Array.from(data) : null;
  }

  clock() {
    const ctx = this.ctx as AudioContext | null;
    if (!ctx) return null;
    const stamp = ctx.getOutputTimestamp();
    return {
      contextTime: stamp.contextTime ?? 0,
      performanceTime: stamp.performanceTime ?? 0,
      timeOrigin: performance.timeOrigin,
      currentTime: ctx.currentTime,
    };
  }
}
