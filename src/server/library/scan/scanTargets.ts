import path from 'node:path';

/** A folder a targeted scan walks, with the MUSIC_DIR root it lies in. */
export interface ScanTarget {
  root: string;
  folder: string;
}

/** Whether `filePath` is `folder` itself or lies under it. */
export function isWithin(folder: string, filePath: string): boolean {
  const rel = path.relative(folder, filePath);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The paths without duplicates and without any path that lies under another one (a parent subsumes its children). */
export function collapseFolders(paths: Iterable<string>): string[] {
  const unique = [...new Set([...paths].map((p) => path.resolve(p)))].sort((a, b) => a.length - b.length);
  const kept = new Set<string>();
  for (const candidate of unique) {
    let ancestor = candidate;
    let covered = false;
    for (let parent = path.dirname(ancestor); parent !== ancestor; ancestor = parent, parent = path.dirname(parent)) {
      if (kept.has(parent)) {
        covered = true;
        break;
      }
    }
    if (!covered) kept.add(candidate);
  }
  return [...kept];
}

/** The folders to rescan, collapsed, each with its root; a folder outside every root is dropped. */
export function scanTargets(roots: string[], folders: Iterable<string>): ScanTarget[] {
  const targets: ScanTarget[] = [];
  for (const folder of collapseFolders(folders)) {
    const root = roots.find((r) => isWithin(r, folder));
    if (root) targets.push({ root, folder });
  }
  return targets;
}
