/**
 * The last seconds of the encoded stream, as whole MP3 frames at absolute byte positions (the
 * position of a byte never changes while the instance's encoder runs, across ffmpeg restarts), and
 * the title in effect at each byte.
 */

export interface RingFrame {
  /** absolute position of the frame's first byte */
  position: number;
  bytes: Buffer;
  /** seconds of audio in the frame */
  seconds: number;
}

/** A new listener's burst: enough to fill a player's buffer at once, small enough to start quickly. */
export const MAX_BURST_BYTES = 64 * 1024;

export class FrameRing {
  private readonly frames: RingFrame[] = [];
  private seconds = 0;
  /** title changes, in position order; the first one at or before the ring's start is kept */
  private titles: { position: number; title: string }[] = [];
  /** absolute position the next frame gets */
  end = 0;

  constructor(private readonly keepSeconds: number) {}

  /** Appends one frame; `title` (if any) is in effect from its first byte on. */
  append(bytes: Buffer, seconds: number, title?: string): RingFrame {
    const frame = { position: this.end, bytes, seconds };
    if (title !== undefined && title !== this.titleAt(this.end)) this.titles.push({ position: this.end, title });
    this.frames.push(frame);
    this.end += bytes.length;
    this.seconds += seconds;
    while (this.seconds > this.keepSeconds && this.frames.length > 1) this.seconds -= this.frames.shift()!.seconds;
    const start = this.start;
    while (this.titles.length > 1 && this.titles[1].position <= start) this.titles.shift();
    return frame;
  }

  /** position of the oldest byte still held */
  get start(): number {
    return this.frames.length ? this.frames[0].position : this.end;
  }

  /** Where a new listener starts: a frame boundary at most MAX_BURST_BYTES before the live edge. */
  burstStart(maxBytes = MAX_BURST_BYTES): number {
    let at = this.end;
    for (let i = this.frames.length - 1; i >= 0 && this.end - this.frames[i].position <= maxBytes; i--) at = this.frames[i].position;
    return at;
  }

  /** The bytes from `position` to `until` (default the live edge; views on the frames, no copy); null when `position` left the ring. */
  readFrom(position: number, until = this.end): Buffer[] | null {
    if (position < this.start) return null;
    const out: Buffer[] = [];
    // frames are few hundred per ring: a binary search keeps a reader's catch-up cheap
    let lo = 0;
    let hi = this.frames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const f = this.frames[mid];
      if (f.position + f.bytes.length <= position) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.frames.length && this.frames[i].position < until; i++) {
      const f = this.frames[i];
      const end = Math.min(f.bytes.length, until - f.position);
      out.push(position > f.position || end < f.bytes.length ? f.bytes.subarray(Math.max(0, position - f.position), end) : f.bytes);
    }
    return out;
  }

  /** The title in effect at `position` ('' before any). */
  titleAt(position: number): string {
    let title = '';
    for (const t of this.titles) {
      if (t.position > position) break;
      title = t.title;
    }
    return title;
  }

  /** Positions in (from, to] where the title changes. */
  titleChangesIn(from: number, to: number): { position: number; title: string }[] {
    return this.titles.filter((t) => t.position > from && t.position <= to);
  }

  clear(): void {
    this.frames.length = 0;
    this.seconds = 0;
  }
}
