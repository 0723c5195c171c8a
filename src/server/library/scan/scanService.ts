import type { FastifyBaseLogger } from 'fastify';
import { SKIPPED_LIST_MAX, type ScanResult } from '../../../contract/library';
import type { Database } from '../../db/open';
import { ffmpegAvailable } from './ffmpeg';
import { runScan } from './runScan';
import { describeScanFailure } from './scanErrors';
import { emptyCounters, type ScanCounters, type SkippedFile } from './types';

/** Advisory lock key ("scan"): one scan at a time across instances sharing PostgreSQL. */
export const LIBRARY_SCAN_LOCK_KEY = 0x7363616e;

export interface ScanServiceOptions {
  database: Database;
  roots: string[];
  log: FastifyBaseLogger;
  now: () => number;
  /** tests force a machine without ffmpeg */
  ffmpegAvailable?: () => boolean;
}

export type StartAnswer = 'started' | 'running' | 'unconfigured';

/** The library scans of this process: one at a time, progress while it runs, the last result after. */
export class LibraryScanService {
  private current: { counters: ScanCounters; done: Promise<void>; abort: AbortController } | null = null;
  private last: ScanResult | null = null;
  private starting = false;
  private readonly finishedListeners = new Set<(result: ScanResult) => void>();

  constructor(private readonly options: ScanServiceOptions) {}

  get configured(): boolean {
    return this.options.roots.length > 0;
  }

  status() {
    return { configured: this.configured, running: this.current !== null, progress: this.current ? { ...this.current.counters } : null, lastResult: this.last };
  }

  /**
   * Starts a scan in the background unless one runs here or, on PostgreSQL, on another instance.
   * With `targets` (the watcher's changed folders) only those folders are rescanned.
   */
  async start(targets?: string[]): Promise<StartAnswer> {
    if (!this.configured) return 'unconfigured';
    if (this.current || this.starting) return 'running';
    this.starting = true;
    try {
      const lock = await this.options.database.tryAdvisoryLock(LIBRARY_SCAN_LOCK_KEY);
      if (!lock) return 'running';
      const counters = emptyCounters();
      const abort = new AbortController();
      const done = this.run(counters, abort.signal, targets).finally(async () => {
        await lock.release();
        this.current = null;
      });
      this.current = { counters, done, abort };
      return 'started';
    } finally {
      this.starting = false;
    }
  }

  /** Calls listener with the result of each scan that ends (the metrics count scans by outcome); answers the unsubscribe. */
  onFinished(listener: (result: ScanResult) => void): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  /** Resolves when no scan runs (tests wait on it). */
  async whenIdle(): Promise<void> {
    await this.current?.done;
  }

  /** Stops a running scan between two steps and waits for it (the app's onClose). */
  async close(): Promise<void> {
    this.current?.abort.abort();
    await this.whenIdle();
  }

  private async run(counters: ScanCounters, signal: AbortSignal, targets?: string[]): Promise<void> {
    const { database, roots, log, now } = this.options;
    const startedAt = new Date(now()).toISOString();
    let skipped: SkippedFile[] = [];
    let error: string | null = null;
    try {
      const hasFfmpeg = (this.options.ffmpegAvailable ?? ffmpegAvailable)();
      ({ skipped } = await runScan({ db: database.db, roots, ffmpegAvailable: hasFfmpeg, counters, signal, targets, log }));
      log.info({ ...counters, skipped: skipped.length, targets: targets?.length }, targets ? 'library folders rescanned' : 'library scan finished');
    } catch (cause) {
      // the admin reads the reason in words; the SQL and its parameters stay in this log (issue 27, item 6)
      error = signal.aborted ? 'stopped: the server is closing' : describeScanFailure(cause);
      log.error({ err: (cause as Error).cause ?? cause, stage: (cause as { stage?: string }).stage }, 'library scan failed');
    }
    this.last = {
      startedAt,
      finishedAt: new Date(now()).toISOString(),
      outcome: error ? 'failed' : 'completed',
      error,
      counters: { ...counters },
      skipped: skipped.slice(0, SKIPPED_LIST_MAX).map(({ path, reason }) => ({ path, reason })),
      skippedTotal: skipped.length,
    };
    for (const listener of this.finishedListeners) listener(this.last);
  }
}
