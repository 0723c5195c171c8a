import { lstat, opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import { lrcNamesOf } from '../lyrics/lrcFile';
import { PATH_MAX_BYTES, pathFitsIndex } from './cleanTags';
import { mayRead } from './mayRead';
import type { ScanTarget } from './scanTargets';
import type { FoundFile, SkippedFile } from './types';

export interface WalkResult {
  files: FoundFile[];
  skipped: SkippedFile[];
  /** roots that could not be read: their songs are kept, not removed */
  unreadableRoots: string[];
}

/**
 * Phase 1: every regular file under the roots. Hidden files and folders (a leading dot) and
 * symbolic links are skipped and reported; links are never followed, so a path found is inside its root.
 */
export async function walkRoots(roots: string[]): Promise<WalkResult> {
  const result: WalkResult = { files: [], skipped: [], unreadableRoots: [] };
  for (const root of roots) {
    try {
      await walkFolder(root, root, result);
    } catch {
      result.unreadableRoots.push(root);
    }
  }
  return result;
}

/**
 * Phase 1 of a targeted scan: the files under the target folders only, walked as walkRoots walks.
 * A target that is gone yields nothing (its songs are then missing); one that is a file yields itself.
 * A root that cannot be read, or holds nothing visible (an unmounted disk), is reported in
 * `unreadableRoots` or `emptyRoots`, and its targets are not walked.
 */
export async function walkTargets(targets: ScanTarget[]): Promise<WalkResult & { emptyRoots: string[] }> {
  const result = { files: [], skipped: [], unreadableRoots: [] as string[], emptyRoots: [] as string[] };
  const rootState = new Map<string, 'ok' | 'unreadable' | 'empty'>();
  for (const { root, folder } of targets) {
    if (!rootState.has(root)) rootState.set(root, await rootStateOf(root));
    if (rootState.get(root) !== 'ok') continue;
    const info = await lstat(folder).catch(() => null);
    if (info?.isDirectory()) await walkFolder(root, folder, result).catch(() => undefined);
    else if (info?.isFile() && !path.basename(folder).startsWith('.')) {
      await addFile(root, folder, result);
      // a file's .lrc goes with it (docs/product.md §5.8), or the file would look changed
      for (const lrc of lrcNamesOf(folder)) if (lrc !== folder && (await lstat(lrc).catch(() => null))?.isFile()) await addFile(root, lrc, result);
    }
  }
  for (const [root, state] of rootState) {
    if (state === 'unreadable') result.unreadableRoots.push(root);
    if (state === 'empty') result.emptyRoots.push(root);
  }
  return result;
}

async function rootStateOf(root: string): Promise<'ok' | 'unreadable' | 'empty'> {
  try {
    for await (const entry of await opendir(root)) if (!entry.name.startsWith('.')) return 'ok';
    return 'empty';
  } catch {
    return 'unreadable';
  }
}

async function walkFolder(root: string, folder: string, result: WalkResult): Promise<void> {
  const pending = [folder];
  while (pending.length) {
    const current = pending.pop() as string;
    let dir;
    try {
      dir = await opendir(current);
    } catch (error) {
      if (current === root) throw error;
      result.skipped.push({ path: current, reason: 'folder cannot be read', failed: true });
      continue;
    }
    for await (const entry of dir) {
      const full = path.join(current, entry.name);
      if (entry.name.startsWith('.')) result.skipped.push({ path: full, reason: entry.isDirectory() ? 'hidden folder' : 'hidden file' });
      else if (entry.isDirectory()) pending.push(full);
      else if (entry.isSymbolicLink()) result.skipped.push({ path: full, reason: 'symbolic link (not followed)' });
      else if (entry.isFile()) await addFile(root, full, result);
    }
  }
}

async function addFile(root: string, full: string, result: WalkResult): Promise<void> {
  if (!pathFitsIndex(full)) {
    const bytes = Buffer.byteLength(full, 'utf8').toLocaleString('en-US');
    result.skipped.push({
      path: full,
      reason: `path too long for the library (${bytes} bytes, at most ${PATH_MAX_BYTES.toLocaleString('en-US')})`,
      failed: true,
    });
    return;
  }
  try {
    const info = await stat(full);
    // a file made unreadable is skipped, so its song is marked missing (docs/product.md §5.7)
    const readable = mayRead(full, info);
    if (readable !== true && !(await readable)) throw new Error('cannot be read');
    if (info.size === 0) {
      result.skipped.push({ path: full, reason: 'empty file (0 bytes)', failed: true });
      return;
    }
    const relPath = path.relative(root, full).split(path.sep).join('/');
    result.files.push({ path: full, root, relPath, size: info.size, mtimeMs: Math.floor(info.mtimeMs) });
  } catch {
    result.skipped.push({ path: full, reason: 'file cannot be read', failed: true });
  }
}
