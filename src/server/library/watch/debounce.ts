export interface BurstOptions {
  /** fire once no change came for this long */
  quietMs: number;
  /** fire at the latest this long after the first change of a burst */
  maxMs: number;
}

/**
 * Calls `fire` once per burst of `touch()` calls: after `quietMs` of quiet, at most `maxMs` after the
 * burst began. A touch only notes its time (thousands may come in one turn of the loop); the quiet
 * timer, when it fires early, waits for the rest.
 */
export class BurstDebouncer {
  private quietTimer: NodeJS.Timeout | null = null;
  private maxTimer: NodeJS.Timeout | null = null;
  private lastTouch = 0;

  constructor(
    private readonly options: BurstOptions,
    private readonly fire: () => void,
  ) {}

  touch(): void {
    this.lastTouch = Date.now();
    this.quietTimer ??= setTimeout(() => this.quietEnded(), this.options.quietMs);
    this.maxTimer ??= setTimeout(() => this.flush(), this.options.maxMs);
  }

  /** Forgets a pending burst without firing. */
  cancel(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.maxTimer) clearTimeout(this.maxTimer);
    this.quietTimer = null;
    this.maxTimer = null;
  }

  private quietEnded(): void {
    const left = this.lastTouch + this.options.quietMs - Date.now();
    if (left <= 0) return this.flush();
    this.quietTimer = setTimeout(() => this.quietEnded(), left);
  }

  private flush(): void {
    this.cancel();
    this.fire();
  }
}
