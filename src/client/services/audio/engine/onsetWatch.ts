import { createTap, type Tap } from './audioGraph';

/** A sample louder than this is the track's first sound (-60 dBFS): in the decoded copy and on the element alike. */
const ONSET_LEVEL = 1e-3;
/** started from its top: the element had not moved further than this when it was routed */
export const FROM_TOP_SECONDS = 0.01;
/** the first sound counts only after this much silence was heard: else the tap came too late and heard the track already playing */
const SILENCE_BEFORE = 32;
/** what breaks the element's run from its first sound to now, sample for frame */
const BREAKS = ['seeking', 'pause', 'waiting', 'ratechange', 'emptied'] as const;

/** A context frame and the track's sample the element played at it. */
export interface Anchor {
  frame: number;
  sample: number;
}

/**
 * Where an element is, known exactly (docs/product.md §2.14): an element started from the top of
 * its track plays its first sound at the frame the tap first hears one after silence, and from there
 * on sample by frame while nothing breaks the run (a seek, a pause, a stall). The hand-over uses
 * this to choose among matches a steady tone leaves equal (every period of a sine matches), so it
 * never moves the music. A tap that hears sound at once came too late: no anchor then.
 */
export class OnsetWatch {
  private tap: Tap | null = null;
  private heardAt: number | null = null;
  private trackSound: number | null = null;
  private broken = false;
  private readonly onBreak = (event: Event) => {
    // a pause or a stall before the first sound changes nothing; a seek always does
    if (this.heardAt !== null || event.type === 'seeking' || event.type === 'emptied') this.breakRun();
  };

  constructor(
    ctx: BaseAudioContext,
    source: AudioNode,
    private readonly el: HTMLAudioElement,
    tapOn: typeof createTap = createTap,
  ) {
    BREAKS.forEach((type) => el.addEventListener(type, this.onBreak));
    if (el.currentTime > FROM_TOP_SECONDS || el.seeking) {
      this.breakRun();
      return;
    }
    let silent = 0;
    this.tap = tapOn(ctx, source, 0.1, (frame, samples) => {
      if (this.heardAt !== null || this.broken) return;
      for (let i = 0; i < samples.length; i += 1) {
        if (Math.abs(samples[i]) <= ONSET_LEVEL) {
          silent += 1;
          continue;
        }
        if (silent < SILENCE_BEFORE) return this.breakRun();
        this.heardAt = frame + i;
        return this.stopTap();
      }
    });
  }

  /** The frame of the first sound and `channels`' first sound (the decoded track); null once the run broke or before a sound. */
  anchor(channels: Float32Array[]): Anchor | null {
    if (this.broken || this.heardAt === null) return null;
    // found once: a track that opens on a long silence is not scanned again at every attempt
    this.trackSound ??= firstSound(channels);
    return this.trackSound < 0 ? null : { frame: this.heardAt, sample: this.trackSound };
  }

  dispose(): void {
    this.stopTap();
    BREAKS.forEach((type) => this.el.removeEventListener(type, this.onBreak));
  }

  private breakRun(): void {
    this.broken = true;
    this.dispose();
  }

  private stopTap(): void {
    this.tap?.stop();
    this.tap = null;
  }
}

/** The first sample whose mono mix (what the tap hears) is louder than ONSET_LEVEL; -1 for a silent track. */
export function firstSound(channels: Float32Array[]): number {
  const length = channels[0]?.length ?? 0;
  for (let i = 0; i < length; i += 1) {
    let mono = 0;
    for (const channel of channels) mono += channel[i];
    if (Math.abs(mono / channels.length) > ONSET_LEVEL) return i;
  }
  return -1;
}
