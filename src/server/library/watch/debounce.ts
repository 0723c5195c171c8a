export interface BurstOptions {
  /** fire once no change came for this long */
  quietMs: number;
  /** fire at the latest this long after the first change of a burst */
  maxMs: number;
}

/** Calls `fire` once per burst of `touch()` calls: after `quietMs` of quiet, at most `maxMs` after the burst began. */
export class BurstDebouncer {
  private quietTimer: NodeJS.Timeout | null = null;
  private maxTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: BurstOptions,
    private readonly fire: () => void,
  ) {}

  touch(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.flush(), this.options.quietMs);
    this.maxTimer ??= setTimeout(() => this.flush(), this.options.maxMs);
  }

  /** Forgets a pending burst without firing. */
  cancel(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.maxTimer) clearTimeout(this.maxTimer);
    this.quietTimer = null;
    this.maxTimer = null;
  }

  private flush(): void {
    this.cancel();
    this.fire();
  }
}
