import type { PooledElement } from './ElementPool';

/**
 * What plays the current track (docs/product.md §2.14): an ElementVoice (a pooled HTMLAudioElement
 * through a MediaElementSource, which sounds at once) or a BufferVoice (its decoded copy on
 * AudioBufferSourceNodes, started sample-exactly on the audio clock). The engine drives either alike.
 */
export interface Voice {
  readonly kind: 'element' | 'buffer';
  readonly url: string;
  /** the track's gain (ReplayGain); null while an element is not routed into the graph */
  readonly rg: GainNode | null;
  /** the gain crossfades and hand-overs drive; null while an element is not routed */
  readonly envelope: GainNode | null;
  /** heard now (an element only once routed) */
  readonly playing: boolean;
  /** where in the track it is, s */
  position(): number;
  /** the context time the track ends; null when that is not known sample-exactly (an element) */
  endTime(): number | null;
  /** starts or resumes; rejects as HTMLMediaElement.play() does (NotAllowedError) */
  play(ctx: AudioContext): Promise<void>;
  pause(): void;
  seek(seconds: number, ctx: AudioContext | null): void;
  /** the pooled elements it holds (its own, or a buffer voice's shadow): the pool must not hand them out */
  elements(): PooledElement[];
  /** disconnects its nodes (the engine clears its elements in the pool) */
  dispose(): void;
}
