import type { FastifyBaseLogger } from 'fastify';
import type { LibraryScanService } from '../scan/scanService';
import { collapseFolders } from '../scan/scanTargets';

/** While another instance holds the scan lock, ask again after this long. */
const BUSY_ELSEWHERE_RETRY_MS = 5_000;

/**
 * Runs the scans the watcher asks for through the scan service: never two at once; a request made
 * while a scan runs starts one more after it ends (many requests meanwhile make one scan, of all
 * their folders). A request without folders is for the whole library.
 */
export class RescanQueue {
  /** scans this queue started (tests count them) */
  started = 0;
  private pending = false;
  /** the folders of the pending requests; null: the whole library */
  private folders: Set<string> | null = new Set();
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly library: LibraryScanService,
    private readonly log: FastifyBaseLogger,
  ) {}

  request(folders?: string[]): void {
    if (this.closed) return;
    this.addFolders(folders);
    this.kick();
  }

  private kick(): void {
    this.pending = true;
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** No scan is started after this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.pending && !this.closed) {
      await this.library.whenIdle();
      if (this.closed) return;
      this.pending = false;
      const folders = this.folders;
      this.folders = new Set();
      const answer = await this.library.start(folders ? collapseFolders(folders) : undefined).catch((error: Error) => {
        this.log.error({ err: error }, 'library rescan could not start');
        return 'failed' as const;
      });
      if (answer === 'started') {
        this.started += 1;
        // closed while the scan was starting: stop it rather than let it outlive the app
        await (this.closed ? this.library.close() : this.library.whenIdle());
      } else if (answer === 'running') {
        this.pending = true;
        this.addFolders(folders && [...folders]);
        if (!this.library.status().running) return this.retryLater();
      }
    }
  }

  private addFolders(folders: string[] | null | undefined): void {
    if (!folders) this.folders = null;
    else if (this.folders) for (const folder of folders) this.folders.add(folder);
  }

  /** Another instance scans: try again once it may be done (its scan may predate our change). */
  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.kick();
    }, BUSY_ELSEWHERE_RETRY_MS);
  }
}
