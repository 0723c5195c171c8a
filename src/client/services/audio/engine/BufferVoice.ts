/**
 * A decoded track played by AudioBufferSourceNodes, started and stopped on the audio clock
 * (docs/product.md §2.14). Its graph: source -> rg (the track's gain) -> envelope (crossfades) -> out.
 */
export class BufferVoice {
  readonly rg: GainNode;
  readonly envelope: GainNode;
  private source: AudioBufferSourceNode | null = null;
  /** context time the current source starts, and the track position it starts from */
  private startTime = 0;
  private startOffset = 0;
  /** the position while stopped */
  private heldAt = 0;
  /** called when the track plays to its end (not when stopped) */
  onEnded: () => void = () => {};

  constructor(
    private readonly ctx: AudioContext,
    readonly buffer: AudioBuffer,
    readonly url: string,
    out: AudioNode,
    gain: number,
  ) {
    this.rg = ctx.createGain();
    this.rg.gain.value = gain;
    this.envelope = ctx.createGain();
    this.rg.connect(this.envelope).connect(out);
  }

  get duration(): number {
    return this.buffer.duration;
  }

  get playing(): boolean {
    return this.source !== null;
  }

  /** Starts at context time `when` from `offset` s into the track. */
  start(when: number, offset: number): void {
    this.stop();
    const source = this.ctx.createBufferSource();
    source.buffer = this.buffer;
    source.connect(this.rg);
    source.onended = () => {
      if (this.source !== source) return;
      this.source = null;
      this.heldAt = this.duration;
      this.onEnded();
    };
    this.startTime = when;
    this.startOffset = Math.max(0, Math.min(offset, this.duration));
    source.start(when, this.startOffset);
    this.source = source;
  }

  /** Stops (at once), keeping the position. */
  stop(): void {
    if (!this.source) return;
    this.heldAt = this.position();
    const source = this.source;
    this.source = null;
    try {
      source.stop();
    } catch {
      // never started: nothing to stop
    }
    source.disconnect();
  }

  /** Where in the track it is now (before its start: where it will start). */
  position(): number {
    if (!this.source) return this.heldAt;
    return Math.min(this.duration, this.startOffset + Math.max(0, this.ctx.currentTime - this.startTime));
  }

  /** The context time this voice's track ends, when it is playing. */
  endTime(): number {
    return this.startTime + (this.duration - this.startOffset);
  }

  get scheduledStart(): number {
    return this.startTime;
  }

  seekHeld(seconds: number): void {
    this.heldAt = Math.max(0, Math.min(seconds, this.duration));
  }

  dispose(): void {
    this.stop();
    this.rg.disconnect();
    this.envelope.disconnect();
  }
}
