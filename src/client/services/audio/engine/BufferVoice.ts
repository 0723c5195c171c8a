import type { AudioEvent } from '../AudioService';
import { finishShadow, type PooledElement } from './ElementPool';
import type { Voice } from './Voice';

const TICK_MS = 250;

/**
 * A decoded track played by AudioBufferSourceNodes, started and stopped on the audio clock
 * (docs/product.md §2.14). Its graph: source -> rg (the track's gain) -> handIn (1; the hand-over's
 * switch drives it, handOffSwitch.ts) -> envelope (crossfades) -> out.
 * Once it is the current track (attach), it reports play, pause and time itself, and keeps a silent
 * shadow element on its track, so #wavelength-audio shows what plays.
 */
export class BufferVoice implements Voice {
  readonly kind = 'buffer';
  readonly rg: GainNode;
  readonly handIn: GainNode;
  readonly envelope: GainNode;
  private source: AudioBufferSourceNode | null = null;
  /** context time the current source starts, and the track position it starts from */
  private startTime = 0;
  private startOffset = 0;
  /** the position while stopped */
  private heldAt = 0;
  private emit: (event: AudioEvent) => void = () => {};
  /** whether its end, once current, is the end of playback (not when the next track starts there) */
  private endsPlayback: () => boolean = () => false;
  private shadow: PooledElement | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly ctx: AudioContext,
    readonly buffer: AudioBuffer,
    readonly url: string,
    out: AudioNode,
    gain: number,
  ) {
    this.rg = ctx.createGain();
    this.rg.gain.value = gain;
    this.handIn = ctx.createGain();
    this.envelope = ctx.createGain();
    this.rg.connect(this.handIn).connect(this.envelope).connect(out);
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
      if (!this.endsPlayback()) return;
      if (this.shadow) finishShadow(this.shadow.el);
      this.emit({ type: 'ended' });
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

  /** Stops at context time `when` (a voice started on that same time continues it: engine/firstBytes.ts). */
  stopAt(when: number): void {
    this.source?.stop(when);
  }

  /** Where in the track it is now (before its start: where it will start). */
  position(): number {
    if (!this.source) return this.heldAt;
    return Math.min(this.duration, this.startOffset + Math.max(0, this.ctx.currentTime - this.startTime));
  }

  /** The context time this voice's track ends, when it is playing. */
  endTime(): number | null {
    return this.startTime + (this.duration - this.startOffset);
  }

  get scheduledStart(): number {
    return this.startTime;
  }

  /** the track position its current source started from */
  get startedFrom(): number {
    return this.startOffset;
  }

  seekHeld(seconds: number): void {
    this.heldAt = Math.max(0, Math.min(seconds, this.duration));
  }

  /**
   * It is the current track now: its events go to `emit` (a timeupdate every TICK_MS while it plays),
   * 'ended' when it plays to its end and `endsPlayback()` says nothing follows on the clock.
   */
  attach(emit: (event: AudioEvent) => void, shadow: PooledElement | null, endsPlayback: () => boolean): void {
    this.detach();
    this.emit = emit;
    this.shadow = shadow;
    this.endsPlayback = endsPlayback;
    this.ticker = setInterval(() => this.playing && emit({ type: 'timeupdate', currentTime: this.position() }), TICK_MS);
  }

  /** It is no longer the current track (it may still sound out a crossfade). */
  detach(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.emit = () => {};
    this.endsPlayback = () => false;
    this.shadow = null;
  }

  async play(ctx: AudioContext): Promise<void> {
    if (this.playing) return;
    if (this.position() >= this.duration) this.seekHeld(0);
    this.start(ctx.currentTime + 0.01, this.position());
    if (this.shadow) void this.shadow.el.play().catch(() => {});
    this.emit({ type: 'play' });
  }

  pause(): void {
    if (!this.playing) return;
    this.stop();
    this.shadow?.el.pause();
    this.emit({ type: 'timeupdate', currentTime: this.position() });
    this.emit({ type: 'pause' });
  }

  seek(seconds: number, ctx: AudioContext | null): void {
    if (this.shadow) this.shadow.el.currentTime = seconds;
    if (this.playing && ctx) this.start(ctx.currentTime + 0.01, seconds);
    else this.seekHeld(seconds);
    this.emit({ type: 'timeupdate', currentTime: this.position() });
  }

  elements(): PooledElement[] {
    return this.shadow ? [this.shadow] : [];
  }

  dispose(): void {
    this.detach();
    this.stop();
    this.rg.disconnect();
    this.handIn.disconnect();
    this.envelope.disconnect();
  }
}
