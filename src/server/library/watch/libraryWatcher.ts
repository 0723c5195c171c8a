import type { FastifyBaseLogger } from 'fastify';
import type { LibraryScanService } from '../../modules/library/scanService';
import { BurstDebouncer, type BurstOptions } from './debounce';
import { RescanQueue } from './rescanQueue';
import { RootWatcher } from './rootWatcher';

export interface LibraryWatcherOptions {
  roots: string[];
  library: LibraryScanService;
  log: FastifyBaseLogger;
  burst?: BurstOptions;
  retryMs?: number;
}

/** 2 s of quiet, at most 8 s: a change is in the library well within 10 s (docs/product.md §5.7). */
export const DEFAULT_BURST: BurstOptions = { quietMs: 2_000, maxMs: 8_000 };
const DEFAULT_RETRY_MS = 60_000;

/**
 * Watches the music folders and runs an incremental scan of them after each burst of changes
 * (docs/product.md §5.7; docs/decisions/library.md, Watching).
 */
export class LibraryWatcher {
  private readonly queue: RescanQueue;
  private readonly debouncer: BurstDebouncer;
  private watchers: RootWatcher[] = [];

  constructor(private readonly options: LibraryWatcherOptions) {
    this.queue = new RescanQueue(options.library, options.log);
    this.debouncer = new BurstDebouncer(options.burst ?? DEFAULT_BURST, () => this.queue.request());
  }

  /** scans started by the watcher so far */
  get scansStarted(): number {
    return this.queue.started;
  }

  get watching(): boolean {
    return this.watchers.some((w) => w.watching);
  }

  start(): void {
    if (this.watchers.length) return;
    const { roots, log } = this.options;
    const retryMs = this.options.retryMs ?? DEFAULT_RETRY_MS;
    this.watchers = roots.map((root) => new RootWatcher({ root, log, retryMs, onChange: () => this.debouncer.touch() }));
    for (const watcher of this.watchers) watcher.open();
    log.info({ roots }, 'watching the music folders');
  }

  /** Stops watching; no scan starts after this resolves. */
  async close(): Promise<void> {
    for (const watcher of this.watchers) watcher.close();
    this.debouncer.cancel();
    await this.queue.close();
  }
}
