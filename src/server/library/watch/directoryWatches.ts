import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface DirectoryWatchesOptions {
  /** something changed in `dir`: the name of the entry (or of `dir` itself when it went), null when unknown */
  onEvent: (dir: string, event: string, name: string | null) => void;
  /** `dir` could not be watched (ENOSPC: out of inotify watches, EMFILE), or its watch failed */
  onError: (dir: string, error: NodeJS.ErrnoException) => void;
}

/**
 * One non-recursive fs.watch per folder of a tree. Node 20's `recursive: true` on Linux re-reads a
 * folder synchronously and stats every file in it at each event, and adds an inotify watch per
 * file: with files arriving one by one that is quadratic work on the event loop (5.1 s stalled for
 * 1,000 files, issue 27). Here an event costs one callback; folders are added by `addTree`, which
 * reads them with fs.promises and so yields between folders. Hidden folders are not watched (the
 * scan skips them) nor are symbolic links (not followed).
 */
export class DirectoryWatches {
  private readonly watches = new Map<string, FSWatcher>();
  private closed = false;

  constructor(private readonly options: DirectoryWatchesOptions) {}

  get size(): number {
    return this.watches.size;
  }

  has(dir: string): boolean {
    return this.watches.has(dir);
  }

  /** Watches `dir` alone; throws what fs.watch throws (ENOENT, ENOSPC...). Answers false if it was already watched. */
  add(dir: string): boolean {
    if (this.closed || this.watches.has(dir)) return false;
    const watcher = watch(dir, { persistent: false }, (event, name) => this.options.onEvent(dir, event, name === null ? null : name.toString()));
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      this.forget(dir);
      this.options.onError(dir, error);
    });
    this.watches.set(dir, watcher);
    return true;
  }

  /**
   * Watches `dir` and every visible folder under it that is not watched yet; answers the folders
   * added. Each folder is watched before it is read, so a name made meanwhile is reported.
   */
  async addTree(dir: string): Promise<number> {
    let added = 0;
    const pending = [dir];
    while (pending.length && !this.closed) {
      const current = pending.pop() as string;
      try {
        if (this.add(current)) added += 1;
        // an already watched folder was walked when it was added
        else if (current !== dir) continue;
      } catch (error) {
        const failure = error as NodeJS.ErrnoException;
        if (failure.code !== 'ENOENT' && failure.code !== 'ENOTDIR') this.options.onError(current, failure);
        continue;
      }
      const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) if (entry.isDirectory() && !entry.name.startsWith('.')) pending.push(path.join(current, entry.name));
    }
    return added;
  }

  /** Stops watching `dir` and every folder under it (it is gone or moved away); nothing to do for a path that is not a watched folder. */
  forget(dir: string): void {
    if (!this.watches.has(dir)) return;
    const under = dir + path.sep;
    for (const [watched, watcher] of this.watches) {
      if (watched !== dir && !watched.startsWith(under)) continue;
      watcher.close();
      this.watches.delete(watched);
    }
  }

  /** Stops every watch; `addTree` walks still running stop at their next folder. */
  close(): void {
    this.closed = true;
    for (const watcher of this.watches.values()) watcher.close();
    this.watches.clear();
  }
}
