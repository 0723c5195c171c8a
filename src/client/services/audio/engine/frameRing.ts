/** Samples keyed by audio-context frame, the newest `capacity` of them (what a tap heard). */
export class FrameRing {
  private readonly data: Float32Array;
  /** the frame after the newest sample held; 0 before any */
  private end = 0;
  private start = 0;

  constructor(readonly capacity: number) {
    this.data = new Float32Array(capacity);
  }

  /** Appends a chunk that starts at `frame`; a gap since the last chunk is filled with zeros. */
  push(frame: number, samples: Float32Array): void {
    if (this.end === 0 && this.start === 0) this.start = this.end = frame;
    if (frame < this.end) return;
    for (let f = this.end; f < frame; f += 1) this.data[f % this.capacity] = 0;
    for (let i = 0; i < samples.length; i += 1) this.data[(frame + i) % this.capacity] = samples[i];
    this.end = frame + samples.length;
    this.start = Math.max(this.start, this.end - this.capacity);
  }

  /** The frame after the newest sample. */
  get latestFrame(): number {
    return this.end;
  }

  get earliestFrame(): number {
    return this.start;
  }

  /** Samples of frames [from, to), or null when some of them are not (or no longer) held. */
  read(from: number, to: number): Float32Array | null {
    if (from < this.start || to > this.end || to < from) return null;
    const out = new Float32Array(to - from);
    for (let f = from; f < to; f += 1) out[f - from] = this.data[f % this.capacity];
    return out;
  }
}
