import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DirectoryWatches } from './directoryWatches';
import { PathChecks } from './pathChecks';

/** The root is looked at this often by default: gone, re-created or mounted over (none of which a watch reports reliably). */
export const DEFAULT_ROOT_CHECK_MS = 5_000;

export interface RootWatcherOptions {
  root: string;
  log: FastifyBaseLogger;
  /** a visible file or folder under the root changed (its absolute path), or anything may have (null) */
  onChange: (changedPath: string | null) => void;
  /** after a watch error (out of inotify watches), watch the whole tree again after this long (and ask for a rescan of the root via onChange(null)) */
  retryMs: number;
  /** how often the root itself is stat'ed; when it is gone, back, or another folder (its device, inode or birth time changed), the tree is watched anew */
  checkMs?: number;
}

/**
 * Watches one music folder: a non-recursive watch per folder (DirectoryWatches), new folders added
 * as they appear, gone ones dropped (PathChecks). A cheap stat of the root every `checkMs` sees
 * MUSIC_DIR removed, re-created or mounted over (a restore, a remount): that is logged at warn and
 * the new folder is watched and rescanned (issue 27, item 4).
 */
export class RootWatcher {
  private dirs: DirectoryWatches | null = null;
  private checks: PathChecks | null = null;
  /** device, inode and birth time of the root being watched */
  private identity: string | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** the last attempt to watch failed and was logged: the next failures are not, until one works */
  private failing = false;
  private closed = false;
  /** the root check under way: an event asking for one meanwhile joins it */
  private rootCheck: Promise<void> | null = null;

  private readonly options: RootWatcherOptions;

  constructor(options: RootWatcherOptions) {
    this.options = { ...options, root: path.resolve(options.root) };
  }

  /** Starts watching; answers whether the root's watch is open (else the root check tries again). Its folders are added in the background. */
  open(): boolean {
    if (this.closed) return false;
    this.scheduleRootCheck();
    return this.watchTree();
  }

  get watching(): boolean {
    return (this.dirs?.size ?? 0) > 0;
  }

  close(): void {
    this.closed = true;
    if (this.checkTimer) clearTimeout(this.checkTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.checkTimer = null;
    this.retryTimer = null;
    this.stopTree();
  }

  private watchTree(): boolean {
    const { root, log } = this.options;
    const dirs = new DirectoryWatches({ onEvent: (dir, event, name) => this.event(dir, event, name), onError: (dir, error) => this.watchFailed(dir, error) });
    try {
      dirs.add(root);
    } catch (error) {
      if (!this.failing) log.error({ err: error, root }, 'music folder cannot be watched; trying again');
      this.failing = true;
      return false;
    }
    this.failing = false;
    this.dirs = dirs;
    this.checks = new PathChecks(
      (changedPath, info) => this.checked(dirs, changedPath, info),
      (error) => log.error({ err: error, root }, 'music folder watch: a change could not be followed'),
    );
    this.identity = null;
    void stat(root).then(
      (info) => {
        if (this.dirs === dirs) this.identity = identityOf(info);
      },
      () => this.checks?.add(root),
    );
    void dirs.addTree(root);
    return true;
  }

  private stopTree(): void {
    this.dirs?.close();
    this.checks?.close();
    this.dirs = null;
    this.checks = null;
    this.identity = null;
  }

  private event(dir: string, event: string, name: string | null): void {
    const { root, onChange } = this.options;
    if (name === null) return onChange(dir === root ? null : dir);
    // the folder is visible (hidden ones are not watched): only the name can hide it; kept cheap, as
    // thousands of events may come in one turn of the loop
    if (name.startsWith('.')) return;
    const changedPath = dir + path.sep + name;
    onChange(changedPath);
    if (event !== 'rename') return;
    // a name appeared or went: a new folder is watched, a gone one forgotten
    this.checks?.add(changedPath);
    // a watched folder that goes reports its own name
    if (name === path.basename(dir)) this.checks?.add(dir);
  }

  private async checked(dirs: DirectoryWatches, changedPath: string, info: Stats | null): Promise<void> {
    if (changedPath === this.options.root) return this.checkRoot();
    if (!info) return dirs.forget(changedPath);
    // files written into the new folder before its watch was set are found by scanning it after
    if (info.isDirectory() && !dirs.has(changedPath) && (await dirs.addTree(changedPath))) this.options.onChange(changedPath);
  }

  private watchFailed(dir: string, error: NodeJS.ErrnoException): void {
    const { root, log, retryMs } = this.options;
    if (dir === root || error.code === 'ENOENT') return this.checks?.add(dir);
    // out of inotify watches or descriptors: what is watched stays; everything is tried again later
    if (this.retryTimer || this.closed) return;
    log.error({ err: error, root, folder: dir }, 'music folder watch failed; retrying');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.rewatch();
    }, retryMs);
  }

  private rewatch(): void {
    this.stopTree();
    if (this.watchTree()) this.options.onChange(null);
  }

  private scheduleRootCheck(): void {
    if (this.closed || this.checkTimer) return;
    this.checkTimer = setTimeout(() => {
      void this.checkRoot().finally(() => {
        this.checkTimer = null;
        this.scheduleRootCheck();
      });
    }, this.options.checkMs ?? DEFAULT_ROOT_CHECK_MS);
    this.checkTimer.unref();
  }

  private checkRoot(): Promise<void> {
    this.rootCheck ??= this.compareRoot().finally(() => {
      this.rootCheck = null;
    });
    return this.rootCheck;
  }

  private async compareRoot(): Promise<void> {
    const { root, log } = this.options;
    const info = await stat(root).catch(() => null);
    if (this.closed) return;
    const identity = info?.isDirectory() ? identityOf(info) : null;
    if (!this.dirs) {
      if (identity === null) return;
      if (this.watchTree()) {
        log.warn({ root }, 'music folder is there again; watching and rescanning it');
        this.options.onChange(null);
      }
    } else if (identity === null) {
      log.warn({ root }, 'music folder is gone; its songs are kept and it is watched for again');
      this.stopTree();
    } else if (this.identity === null) {
      this.identity = identity;
    } else if (identity !== this.identity) {
      log.warn({ root }, 'music folder was replaced (re-created or mounted over); watching and rescanning the new one');
      this.rewatch();
    }
  }
}

/** A folder removed and made again often gets the same inode number back (ext4): its birth time tells them apart. */
function identityOf(info: Stats): string {
  return `${info.dev}:${info.ino}:${info.birthtimeMs}`;
}
