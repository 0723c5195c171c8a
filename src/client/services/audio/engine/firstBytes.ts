import type { AudioGraph } from './audioGraph';
import { BufferVoice } from './BufferVoice';
import { MAX_DECODE_BYTES } from './decode';
import type { ElementPool, PooledElement } from './ElementPool';
import type { ElementVoice } from './ElementVoice';
import { FROM_TOP_SECONDS } from './onsetWatch';

/** The first decode is tried once this much has arrived (0.09 s of CD-quality WAV); a failed one (an M4A's index not all in yet) again each time as much more has come. */
const FIRST_BYTES = 16 * 1024;
/** A decode of what has arrived is made again when the voice has less than this left to play ... */
const LOW_SECONDS = 1.5;
/** ... or when twice as much has arrived as was decoded. */
const GROWTH = 2;
/** the first decode is given up after this much failed (a format decodeAudioData cannot read): the element plays it */
const GIVE_UP_BYTES = 512 * 1024;
/** how far ahead of now the next, longer decode takes over from the playing one */
const LEAD_SECONDS = 0.05;
/** the old voice is dropped this long after the takeover */
const DISPOSE_AFTER_MS = 500;

/**
 * A decode of a prefix of the file: it cannot know the track's end, so it has none on the clock
 * (nothing is scheduled after it) and reaching its end is a stall, not the track's end.
 */
class PartialVoice extends BufferVoice {
  /** the listener asked it to play (it may have run out of decoded sound meanwhile) */
  wantsPlay = false;

  override endTime(): number | null {
    return null;
  }

  override attach(emit: Parameters<BufferVoice['attach']>[0], shadow: PooledElement | null): void {
    super.attach(emit, shadow, () => false);
  }

  override async play(ctx: AudioContext): Promise<void> {
    this.wantsPlay = true;
    return super.play(ctx);
  }

  override pause(): void {
    this.wantsPlay = false;
    super.pause();
  }
}

/** What the engine lends the first bytes: its current voice, and taking a new one on. */
export interface FirstBytesHost {
  current(): unknown;
  /** `voice` is the current track now, `shadow` keeping #wavelength-audio's state; `complete`: the whole file, with its end on the clock */
  becomeCurrent(voice: BufferVoice, shadow: PooledElement, complete: boolean): void;
  gain(): number;
  log(line: string): void;
}

/**
 * Sound from the first bytes that arrive (issue 31, docs/decisions/playback-engine.md): a click on a
 * track nobody prepared fetches the whole file at once (the fetch the hand-over makes anyway) and
 * decodes what has arrived, then more of it as more arrives. A decode of the file's first bytes
 * is the whole file's first samples, exactly (decodeAudioData of a prefix, measured for WAV, MP3,
 * FLAC and M4A), so each longer decode takes over from the shorter one on the audio clock at the
 * sample it reached, and the last one is the decoded copy a hand-over would have made. The element
 * only keeps #wavelength-audio's state, silent, as after a hand-over. Meanwhile the element's own
 * demuxer would have read 34-276 KB before it could play (0.07-0.55 s at 4 Mbit/s).
 */
export class FirstBytes {
  private readonly abort = new AbortController();
  private readonly chunks: Uint8Array[] = [];
  private received = 0;
  /** bytes the newest decode (or failed attempt) was made of */
  private attempted = 0;
  private decoding = false;
  private complete = false;
  private first: AudioBuffer | null = null;
  /** the first decode was of the whole file (it came in at once) */
  private firstComplete = false;
  private voice: BufferVoice | null = null;
  private shadow: PooledElement | null = null;
  private readonly firstDecoded: Promise<void>;
  /** an element kept from loading while the first bytes come */
  private held: HTMLAudioElement | null = null;
  private resolveFirst: () => void = () => {};

  constructor(
    private readonly graph: AudioGraph,
    readonly url: string,
    private readonly host: FirstBytesHost,
  ) {
    this.firstDecoded = new Promise((resolve) => (this.resolveFirst = resolve));
    void this.read().catch(() => this.cancel());
  }

  /** The element's load, or the first bytes decoded if that comes first (duration 0 then: the element says it later, through `lateDuration`). */
  orElement(
    loading: { loaded: Promise<number>; cancel: () => void },
    lateDuration: (duration: number) => void,
  ): { loaded: Promise<number>; cancel: () => void } {
    let firstWon = false;
    const first = this.firstDecoded.then(() => {
      firstWon = true;
      return 0;
    });
    loading.loaded.then(
      (duration) => firstWon && lateDuration(duration),
      () => {},
    );
    return { loaded: Promise.race([loading.loaded, first]), cancel: loading.cancel };
  }

  /**
   * At play(): when the element has nothing to play yet and the first bytes are decoded, they play
   * from the top on a buffer voice, the element silent behind it. False (and the fetch stopped)
   * when the element plays after all.
   */
  start(element: ElementVoice, pool: ElementPool): boolean {
    const { ctx } = this.graph;
    const elementReady = element.el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
    if (!this.first || elementReady || element.position() > FROM_TOP_SECONDS || ctx.state !== 'running') {
      this.cancel();
      return false;
    }
    element.dispose();
    this.releaseElement();
    const entry = element.entry;
    pool.route(entry, ctx, this.graph.master);
    entry.envelope!.gain.cancelScheduledValues(0);
    entry.envelope!.gain.setValueAtTime(0, 0);
    this.shadow = entry;
    const complete = this.firstComplete;
    const voice = complete
      ? new BufferVoice(ctx, this.first, this.url, this.graph.bufferOut, this.host.gain())
      : new PartialVoice(ctx, this.first, this.url, this.graph.bufferOut, this.host.gain());
    this.voice = complete ? null : voice;
    this.host.becomeCurrent(voice, entry, complete);
    void voice.play(ctx);
    if (complete) this.abort.abort();
    // the silent element follows where the sound is, once it can
    entry.el.addEventListener('loadedmetadata', () => (entry.el.currentTime = voice.position()), { once: true });
    this.host.log(`first bytes: ${(this.first.duration * 1000).toFixed(0)} ms of sound from ${this.attempted} bytes`);
    this.maybeDecode();
    return true;
  }

  /** Keeps `el` (not yet pointed at the track) from loading until the first bytes play or fail: two downloads would halve the link for both. */
  holdElement(el: HTMLAudioElement): void {
    el.preload = 'none';
    this.held = el;
  }

  /** The held element loads now (it plays the track, or shadows the buffer voice). */
  private releaseElement(): void {
    const el = this.held;
    this.held = null;
    if (!el) return;
    el.preload = 'auto';
    if (el.readyState === HTMLMediaElement.HAVE_NOTHING && el.getAttribute('src')) el.load();
  }

  cancel(): void {
    this.abort.abort();
    this.voice = null;
    this.releaseElement();
  }

  private async read(): Promise<void> {
    const res = await fetch(this.url, { credentials: 'same-origin', signal: this.abort.signal });
    if (!res.ok || !res.body || Number(res.headers.get('content-length') ?? 0) > MAX_DECODE_BYTES) return this.cancel();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      this.chunks.push(value);
      this.received += value.length;
      this.maybeDecode();
    }
    this.complete = true;
    this.maybeDecode();
  }

  private wantsDecode(): boolean {
    if (this.decoding || this.abort.signal.aborted || this.received <= this.attempted) return false;
    if (!this.first) return this.received >= this.attempted + FIRST_BYTES;
    if (!this.voice) return false;
    if (this.complete || this.received >= this.attempted * GROWTH) return true;
    return this.voice.duration - this.voice.position() < LOW_SECONDS;
  }

  private maybeDecode(): void {
    if (!this.wantsDecode()) return;
    this.decoding = true;
    const bytes = this.joined();
    const complete = this.complete;
    this.attempted = bytes.byteLength;
    this.graph.ctx.decodeAudioData(bytes.buffer as ArrayBuffer).then(
      (buffer) => {
        this.decoding = false;
        if (this.abort.signal.aborted && !complete) return;
        if (!this.first) {
          this.first = buffer;
          this.firstComplete = complete;
          this.resolveFirst();
        } else this.takeOver(buffer, complete);
        this.maybeDecode();
      },
      () => {
        // not enough yet to decode (an M4A's index): tried again once more has arrived
        this.decoding = false;
        if (!this.first && (this.attempted >= GIVE_UP_BYTES || complete)) return this.cancel();
        this.maybeDecode();
      },
    );
  }

  private joined(): Uint8Array {
    const bytes = new Uint8Array(this.received);
    let at = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  }

  /** A longer decode continues the playing one on the sample it reaches, on the audio clock. */
  private takeOver(buffer: AudioBuffer, complete: boolean): void {
    const old = this.voice;
    if (!old || !this.shadow || this.host.current() !== old) return this.cancel();
    const { ctx } = this.graph;
    const sr = ctx.sampleRate;
    const next = complete
      ? new BufferVoice(ctx, buffer, this.url, this.graph.bufferOut, this.host.gain())
      : new PartialVoice(ctx, buffer, this.url, this.graph.bufferOut, this.host.gain());
    const frame = Math.ceil((ctx.currentTime + LEAD_SECONDS) * sr);
    // where the old voice's decoded sound ends on the clock
    const end = old.scheduledStart + old.duration - old.startedFrom;
    if (old.playing && frame / sr < end - 1 / sr) {
      // the sample the old voice plays at `frame`: where it started from plus the frames since its start
      const sample = Math.round((frame / sr - old.scheduledStart + old.startedFrom) * sr);
      next.start(frame / sr, sample / sr);
      old.stopAt(frame / sr);
    } else {
      // it ran out (a stall) or is paused: the next one goes on from where it is
      next.seekHeld(old.position());
      if (old instanceof PartialVoice && old.wantsPlay) next.start(ctx.currentTime + 0.01, old.position());
    }
    if (next instanceof PartialVoice) next.wantsPlay = old instanceof PartialVoice ? old.wantsPlay : true;
    old.detach();
    setTimeout(() => old.dispose(), DISPOSE_AFTER_MS);
    this.voice = complete ? null : next;
    this.host.becomeCurrent(next, this.shadow, complete);
    this.host.log(
      `first bytes: ${complete ? 'the whole file' : `${(buffer.duration * 1000).toFixed(0)} ms`} decoded, taking over at context ${(frame / sr).toFixed(4)} s`,
    );
    if (complete) this.cancel();
  }
}
