import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { isLrcFile } from '../lyrics/lrcFile';
import { collapseFolders, isWithin } from '../scan/scanTargets';

/**
 * The folders to rescan for the paths that changed (Navidrome's watcher): a folder is its own
 * target, a file its folder's. A path that is gone has its nearest existing ancestor as target, so
 * the removal is seen; when that ancestor is the root, the path itself (a gone top-level folder's
 * songs are then handled as removed without walking the whole root). Deduplicated, a parent
 * subsuming its children.
 */
export async function folderTargets(root: string, changed: Iterable<string>): Promise<string[]> {
  const targets = new Set<string>();
  // parents first: a path under a folder already targeted needs no look-up
  for (const changedPath of collapseFolders(changed)) {
    if (!hasAncestorIn(targets, changedPath)) targets.add(await targetOf(root, changedPath));
  }
  return collapseFolders(targets);
}

function hasAncestorIn(folders: Set<string>, file: string): boolean {
  for (let child = file, parent = path.dirname(file); parent !== child; child = parent, parent = path.dirname(parent)) {
    if (folders.has(parent)) return true;
  }
  return false;
}

async function targetOf(root: string, changedPath: string): Promise<string> {
  const info = await lstat(changedPath).catch(() => null);
  if (info) return info.isDirectory() ? changedPath : path.dirname(changedPath);
  let ancestor = path.dirname(changedPath);
  while (isWithin(root, ancestor) && ancestor !== root) {
    if (
      await lstat(ancestor)
        .then((a) => a.isDirectory())
        .catch(() => false)
    )
      return ancestor;
    ancestor = path.dirname(ancestor);
  }
  // a gone .lrc at the top changes the song beside it (docs/product.md §5.8): the root is walked, as for a changed top-level file
  return isLrcFile({ path: changedPath }) ? path.dirname(changedPath) : changedPath;
}
