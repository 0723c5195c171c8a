import type { FastifyBaseLogger } from 'fastify';
import type { LibraryScanService } from '../scan/scanService';
import { BurstDebouncer, type BurstOptions } from './debounce';
import { folderTargets } from './folderTargets';
import { RescanQueue } from './rescanQueue';
import { RootWatcher } from './rootWatcher';

export interface LibraryWatcherOptions {
  roots: string[];
  library: LibraryScanService;
  log: FastifyBaseLogger;
  burst?: BurstOptions;
  retryMs?: number;
  /** how often each root itself is checked (gone, re-created, mounted over); default DEFAULT_ROOT_CHECK_MS */
  rootCheckMs?: number;
}

/** 2 s of quiet, at most 8 s: a change is in the library well within 10 s (docs/product.md §5.7). */
export const DEFAULT_BURST: BurstOptions = { quietMs: 2_000, maxMs: 8_000 };
const DEFAULT_RETRY_MS = 60_000;

/**
 * Watches the music folders and, after each burst of changes, rescans only the folders that
 * changed, as Navidrome's watcher does (docs/product.md §5.7; docs/decisions/library.md, Watching).
 */
export class LibraryWatcher {
  private readonly queue: RescanQueue;
  private readonly debouncer: BurstDebouncer;
  private watchers: RootWatcher[] = [];
  /** the paths changed in the current burst, by root; null: the whole root */
  private changed = new Map<string, Set<string> | null>();
  /** the folders the last burst asked to rescan (the log and tests read them) */
  lastTargets: string[] = [];

  constructor(private readonly options: LibraryWatcherOptions) {
    this.queue = new RescanQueue(options.library, options.log);
    this.debouncer = new BurstDebouncer(options.burst ?? DEFAULT_BURST, () => void this.flush());
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
    const checkMs = this.options.rootCheckMs;
    this.watchers = roots.map((root) => new RootWatcher({ root, log, retryMs, checkMs, onChange: (changed) => this.touched(root, changed) }));
    for (const watcher of this.watchers) watcher.open();
    log.info({ roots }, 'watching the music folders');
  }

  private touched(root: string, changedPath: string | null): void {
    const paths = this.changed.get(root);
    if (changedPath === null) this.changed.set(root, null);
    else if (paths) paths.add(changedPath);
    else if (paths === undefined) this.changed.set(root, new Set([changedPath]));
    this.debouncer.touch();
  }

  /** The burst is over: its changed paths become folder targets (the root itself when it all may have changed). */
  private async flush(): Promise<void> {
    const changed = this.changed;
    this.changed = new Map();
    const targets: string[] = [];
    for (const [root, paths] of changed) targets.push(...(paths ? await folderTargets(root, paths) : [root]));
    if (!targets.length) return;
    this.lastTargets = targets;
    this.options.log.debug({ targets }, 'music folders changed');
    this.queue.request(targets);
  }

  /** Stops watching; no scan starts after this resolves. */
  async close(): Promise<void> {
    for (const watcher of this.watchers) watcher.close();
    this.debouncer.cancel();
    await this.queue.close();
  }
}
