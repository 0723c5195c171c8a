import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';

/** paths looked up at once; then the loop gets a turn */
const BATCH = 64;

/**
 * The paths a watch reported as appeared or gone, looked up with fs.promises a batch at a time
 * (a path reported many times is looked up once): thousands of arriving files cost thousands of
 * small asynchronous lstat calls, never a synchronous one on the event loop.
 */
export class PathChecks {
  private readonly pending = new Set<string>();
  private draining = false;
  private closed = false;

  /** `handle` gets each path with its lstat, or null when it is gone; the next batch waits for it. What it throws goes to `failed`. */
  constructor(
    private readonly handle: (changedPath: string, info: Stats | null) => Promise<void> | void,
    private readonly failed: (error: Error) => void,
  ) {}

  add(changedPath: string): void {
    if (this.closed) return;
    this.pending.add(changedPath);
    if (!this.draining) void this.drain();
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.size && !this.closed) {
        const batch = this.take();
        const infos = await Promise.all(batch.map((changedPath) => lstat(changedPath).catch(() => null)));
        for (const [i, changedPath] of batch.entries()) {
          if (this.closed) break;
          try {
            await this.handle(changedPath, infos[i]);
          } catch (error) {
            this.failed(error as Error);
          }
        }
      }
    } finally {
      // set in the same turn as the loop's last test: a path added after it starts a new drain
      this.draining = false;
    }
  }

  private take(): string[] {
    const batch: string[] = [];
    for (const changedPath of this.pending) {
      batch.push(changedPath);
      if (batch.length === BATCH) break;
    }
    for (const changedPath of batch) this.pending.delete(changedPath);
    return batch;
  }
}
