import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** A changed name whose path inside the root has a part starting with "." (hidden file or folder). */
export function isHidden(relative: string): boolean {
  return relative.split(path.sep).some((part) => part.startsWith('.'));
}

export interface RootWatcherOptions {
  root: string;
  log: FastifyBaseLogger;
  /** a visible file or folder under the root changed (its absolute path), or anything may have (null) */
  onChange: (changedPath: string | null) => void;
  /** after an error, try to watch again this often (each success asks for a rescan of the root via onChange(null)) */
  retryMs: number;
}

/**
 * Watches one music folder with fs.watch({ recursive: true }). An error (root removed, EMFILE)
 * is logged, the watch is dropped and opened again every `retryMs` until it works.
 */
export class RootWatcher {
  private watcher: FSWatcher | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: RootWatcherOptions) {}

  /** Starts watching; answers whether the watch is open (else it is retried). */
  open(): boolean {
    const { root, onChange } = this.options;
    if (this.closed) return false;
    try {
      this.watcher = watch(root, { recursive: true, persistent: false }, (_event, name) => {
        if (name === null) onChange(null);
        else if (!isHidden(name.toString())) onChange(path.join(root, name.toString()));
      });
      this.watcher.on('error', (error) => this.failed(error));
      return true;
    } catch (error) {
      this.failed(error as Error);
      return false;
    }
  }

  get watching(): boolean {
    return this.watcher !== null;
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.watcher?.close();
    this.watcher = null;
  }

  private failed(error: Error): void {
    this.options.log.error({ err: error, root: this.options.root }, 'music folder watch failed; retrying');
    this.watcher?.close();
    this.watcher = null;
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.open()) this.options.onChange(null);
    }, this.options.retryMs);
  }
}
