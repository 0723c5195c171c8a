import type { HandOffSwitch } from './handOffSwitch';

export const AUDIO_ELEMENT_ID = 'wavelength-audio';
/** At most this many URLs are prepared at once (the oldest is dropped). */
export const MAX_PREPARED = 2;
const POOL_SIZE = MAX_PREPARED + 2;

/**
 * One pooled HTMLAudioElement. Once routed (createMediaElementSource) it is heard only through the
 * context: source -> rg -> envelope -> out. Until then it plays directly, as the old player did.
 */
export interface PooledElement {
  el: HTMLAudioElement;
  source: MediaElementAudioSourceNode | null;
  rg: GainNode | null;
  envelope: GainNode | null;
  /** the hand-over's switch holding its envelope at 0 once a buffer voice took over (released when it is stopped or reloaded) */
  handOff: HandOffSwitch | null;
  /** the URL prepare() pointed it at, and when */
  preparedUrl: string | null;
  preparedAt: number;
}

/** The engine's audio elements, kept in document.body; the active one carries the id #wavelength-audio. */
export class ElementPool {
  readonly all: PooledElement[] = [];
  private preparedCount = 0;

  constructor(
    private readonly doc: Document = document,
    private readonly onCreate: (entry: PooledElement) => void = () => {},
  ) {}

  private create(): PooledElement {
    const el = this.doc.createElement('audio');
    el.preload = 'auto';
    this.doc.body.appendChild(el);
    const entry: PooledElement = { el, source: null, rg: null, envelope: null, handOff: null, preparedUrl: null, preparedAt: 0 };
    this.all.push(entry);
    this.onCreate(entry);
    return entry;
  }

  /** The element to load `url` into: the one prepared for it, else a free one (not `busy`). */
  take(url: string, busy: PooledElement[]): PooledElement {
    const prepared = this.all.find((p) => p.preparedUrl === url && !busy.includes(p));
    if (prepared) {
      prepared.preparedUrl = null;
      return prepared;
    }
    const free = this.all.find((p) => !busy.includes(p) && p.preparedUrl === null);
    if (free) return free;
    if (this.all.length < POOL_SIZE) return this.create();
    const oldest = this.oldestPrepared(busy) ?? this.all.find((p) => !busy.includes(p)) ?? this.create();
    this.clear(oldest);
    return oldest;
  }

  /** Points a spare element at `url` (preload auto) so a load() of it can sound at once. */
  prepare(url: string, busy: PooledElement[]): void {
    if (this.all.some((p) => p.preparedUrl === url)) return;
    const prepared = this.all.filter((p) => p.preparedUrl !== null && !busy.includes(p));
    if (prepared.length >= MAX_PREPARED) this.clear(this.oldestPrepared(busy)!);
    const entry = this.all.find((p) => !busy.includes(p) && p.preparedUrl === null) ?? (this.all.length < POOL_SIZE ? this.create() : null);
    if (!entry) return;
    entry.preparedUrl = url;
    entry.preparedAt = ++this.preparedCount;
    entry.el.src = url;
    entry.el.load();
  }

  cancelPrepare(url: string): void {
    const entry = this.all.find((p) => p.preparedUrl === url);
    if (entry) this.clear(entry);
  }

  /** Stops the element's request: removeAttribute('src') + load() aborts it. */
  clear(entry: PooledElement): void {
    entry.preparedUrl = null;
    entry.el.pause();
    releaseHandOff(entry);
    if (entry.el.getAttribute('src') !== null) {
      entry.el.removeAttribute('src');
      entry.el.load();
    }
  }

  /** Gives the id to the active element, so it is the one `#wavelength-audio` names. */
  activate(entry: PooledElement): void {
    for (const p of this.all) if (p !== entry && p.el.id === AUDIO_ELEMENT_ID) p.el.removeAttribute('id');
    entry.el.id = AUDIO_ELEMENT_ID;
  }

  /** Routes the element into the graph (only call with a running context: routed, it is silent otherwise). */
  route(entry: PooledElement, ctx: AudioContext, out: AudioNode): void {
    if (entry.source) return;
    entry.source = ctx.createMediaElementSource(entry.el);
    entry.rg = ctx.createGain();
    entry.envelope = ctx.createGain();
    entry.source.connect(entry.rg).connect(entry.envelope).connect(out);
  }

  private oldestPrepared(busy: PooledElement[]): PooledElement | undefined {
    return this.all.filter((p) => p.preparedUrl !== null && !busy.includes(p)).sort((a, b) => a.preparedAt - b.preparedAt)[0];
  }
}

/** Gives a paused or reloaded element its envelope back from the hand-over's switch. */
export function releaseHandOff(entry: PooledElement): void {
  entry.handOff?.release();
  entry.handOff = null;
}

/** The silent shadow element follows the buffer voice's track, so #wavelength-audio shows what plays. */
export function mirror(el: HTMLAudioElement, url: string, offset: number): void {
  el.src = url;
  el.addEventListener('loadedmetadata', () => (el.currentTime = offset), { once: true });
  void el.play().catch(() => {});
}

/**
 * The buffer voice ended: the shadow, a few ms behind it or ahead, is put at its own end, so
 * #wavelength-audio reads ended and paused as the element-only player's does (not paused just short of it).
 */
export function finishShadow(el: HTMLAudioElement): void {
  if (Number.isFinite(el.duration)) el.currentTime = el.duration;
  else el.pause();
}
