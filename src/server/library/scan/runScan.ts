import path from 'node:path';
import type { Db } from '../../db/open';
import { splitFolderImages } from '../artwork/folderImages';
import { refreshArtwork } from '../artwork/refreshArtwork';
import { pairLrcFiles, splitLrcFiles } from '../lyrics/lrcFile';
import { applyFolderChanges, syncFolderImages } from '../artwork/syncFolderImages';
import { classify, type Classified } from './classify';
import { loadKnownSongs, loadMissingSongs, type KnownSong } from './knownSongs';
import { clearMissing, markMissing } from './markMissing';
import { matchMoves } from './matchMoves';
import type { Playability } from './playability';
import { readFiles, type ReadOptions, type ReadOutcome } from './readFiles';
import type { ReadTrack, ScanCounters, SkippedFile } from './types';
import { isWithin, scanTargets, type ScanTarget } from './scanTargets';
import { walkRoots, walkTargets, type WalkResult } from './walk';
import { ScanStageError } from './scanErrors';
import { removeEmptyAlbums, removeOrphanArtists, type TrackWrite } from './writeBatch';
import { writeOrSkip, type WriteReport } from './writeOrSkip';

export interface ScanDeps {
  db: Db;
  roots: string[];
  ffmpegAvailable: boolean;
  /** updated as the scan goes: what GET /api/library/scan shows while it runs */
  counters: ScanCounters;
  signal?: AbortSignal;
  batchSize?: number;
  /**
   * Rescan only these folders (the watcher's changes): walk them, and count missing only songs
   * under them; grouping and clean-up then run as for a full scan. Absent: the whole library.
   */
  targets?: string[];
  /** where a refused write's SQL and parameters are logged (the admin sees the reason in words) */
  log?: WriteReport['log'];
}

export interface ScanOutcome {
  skipped: SkippedFile[];
}

/**
 * One scan of the MUSIC_DIR roots, in Navidrome's phases: walk, change detection, read tags of
 * new and changed files only, match moves, write in batched transactions, mark what is gone missing.
 * With `targets`, the same phases over those folders only. A failure names its phase (ScanStageError).
 */
export async function runScan(deps: ScanDeps): Promise<ScanOutcome> {
  const progress = { stage: 'walking the music folders' };
  try {
    return await scanPhases(deps, progress);
  } catch (cause) {
    throw new ScanStageError(progress.stage, cause);
  }
}

async function scanPhases(deps: ScanDeps, progress: { stage: string }): Promise<ScanOutcome> {
  const { db, counters, signal } = deps;
  const batchSize = deps.batchSize ?? 500;
  const targets = deps.targets ? scanTargets(deps.roots, deps.targets) : null;
  const walked = await walkScope(deps.roots, targets);
  const skipped = [...walked.skipped];
  for (const root of walked.unreadableRoots) skipped.push({ path: root, reason: 'music folder cannot be read: its songs are kept', failed: true });
  counters.filesSeen = walked.files.length + walked.skipped.filter((s) => s.failed).length;
  counters.failed = skipped.filter((s) => s.failed).length;

  signal?.throwIfAborted();
  progress.stage = "comparing the files with the library's songs";
  const { images, others: nonImages } = splitFolderImages(walked.files);
  const { lrcFiles, others } = splitLrcFiles(nonImages);
  pairLrcFiles(others, lrcFiles);
  const keptRoots = [...walked.unreadableRoots, ...walked.emptyRoots];
  const targetFolders = targets?.map((t) => t.folder);
  const known = await loadKnownSongs(db, targetFolders);
  const plan = classify(others, known, keptRoots);
  counters.unchanged = plan.unchanged.length;
  const inScope = targetFolders && ((file: string) => targetFolders.some((folder) => isWithin(folder, file)));
  progress.stage = 'updating folder images';
  const folders = await syncFolderImages(db, images, keptRoots, inScope);
  const songsOfChangedFolders = await withSongsOfFolders(db, known, folders.changedFolders.keys(), targetFolders);
  counters.rowsWritten += folders.rowsWritten + (await applyFolderChanges(db, songsOfChangedFolders, folders.changedFolders));
  progress.stage = 'reading tags';
  const candidates = await moveCandidates(db, plan.missing, targetFolders);
  const { writes, removedIds, restoredIds } = await readAndMatch(plan, candidates, { ffmpegAvailable: deps.ffmpegAvailable, counters, skipped, signal });
  for (const { track } of writes) track.folderImageHash = folders.hashByFolder.get(path.dirname(track.file.path)) ?? null;

  progress.stage = 'writing songs';
  const report = { counters, skipped, log: deps.log };
  for (let i = 0; i < writes.length; i += batchSize) {
    signal?.throwIfAborted();
    counters.rowsWritten += await writeOrSkip(db, writes.slice(i, i + batchSize), report);
  }
  progress.stage = 'marking the songs of files that are gone as missing';
  counters.rowsWritten += await clearMissing(db, restoredIds, batchSize);
  counters.removed = await markMissing(db, removedIds, batchSize);
  counters.rowsWritten += counters.removed;
  progress.stage = 'removing albums and artists left without songs';
  if (writes.length || removedIds.length) {
    counters.rowsWritten += await removeEmptyAlbums(db);
    counters.rowsWritten += await removeOrphanArtists(db);
  }
  // removals and folder covers change albums no write touched
  progress.stage = 'refreshing artwork';
  if (removedIds.length || folders.changedFolders.size) counters.rowsWritten += await refreshArtwork(db, null);
  return { skipped };
}

/**
 * Phase 1 for the whole library or, with targets, for those folders only. Roots kept as they are:
 * unreadable ones, and those that yielded no file (a full scan) or hold nothing (a targeted one).
 */
async function walkScope(roots: string[], targets: ScanTarget[] | null): Promise<WalkResult & { emptyRoots: string[] }> {
  if (targets) return walkTargets(targets);
  const walked = await walkRoots(roots);
  return { ...walked, emptyRoots: roots.filter((root) => !walked.files.some((f) => f.root === root)) };
}

/**
 * The known songs plus, in a targeted scan, those of changed folders outside the targets (a gone
 * top-level cover image is its own target; its folder, the root, is not).
 */
async function withSongsOfFolders(db: Db, known: Map<string, KnownSong>, changed: Iterable<string>, targets: string[] | undefined): Promise<KnownSong[]> {
  const outside = targets ? [...changed].filter((folder) => !targets.some((target) => isWithin(target, folder))) : [];
  if (!outside.length) return [...known.values()];
  return [...new Map([...known, ...(await loadKnownSongs(db, outside))]).values()];
}

/**
 * The songs a new file may be, moved: those whose file this scan did not find and, in a targeted
 * scan, those marked missing elsewhere by an earlier one (a file that comes back in another folder).
 */
async function moveCandidates(db: Db, missing: KnownSong[], targets: string[] | undefined): Promise<KnownSong[]> {
  if (!targets) return missing;
  const inScope = new Set(missing.map((s) => s.id));
  return [...missing, ...(await loadMissingSongs(db)).filter((s) => !inScope.has(s.id))];
}

interface Matched {
  writes: TrackWrite[];
  /** songs to mark missing: their file is gone, or changed and no longer reads */
  removedIds: string[];
  /** songs marked missing before whose file this scan reads again */
  restoredIds: string[];
}

/** Phases 3 and 4: read new and changed files, tell moved files from added ones; answers what to write and mark. */
async function readAndMatch(plan: Classified, candidates: KnownSong[], options: ReadOptions): Promise<Matched> {
  const { counters } = options;
  const changedRead = await readFiles(
    plan.changed.map((c) => c.file),
    options,
  );
  const addedRead = (await readFiles(plan.added, options)).filter((r): r is ReadOutcome => r !== null);
  const moves = matchMoves(
    addedRead.map((r) => r.track),
    candidates,
  );
  const playabilities = new Map(addedRead.map((r) => [r.track, r.playability]));
  const playabilityOf = (track: ReadTrack) => playabilities.get(track) as Playability;

  const writes: TrackWrite[] = [];
  changedRead.forEach((read, i) => {
    if (read) writes.push({ ...read, id: plan.changed[i].id, kind: 'changed' });
  });
  counters.changed = writes.length;
  for (const { track, id } of moves.moved) writes.push({ track, playability: playabilityOf(track), id, kind: 'moved' });
  for (const track of moves.added) writes.push({ track, playability: playabilityOf(track), kind: 'added' });
  counters.moved = moves.moved.length;
  counters.added = moves.added.length;
  // a changed file that no longer reads (truncated, half rewritten) is marked missing, like a removed one
  const unreadableChanged = plan.changed.filter((c, i) => !changedRead[i] && !c.wasMissing).map((c) => c.id);
  // songs already marked, and candidates from outside a targeted scan's folders, that no file matched stay as they are
  const inScope = new Set(plan.missing.map((s) => s.id));
  const newlyMissing = moves.removed.filter((s) => inScope.has(s.id) && !s.missingSince);
  const removedIds = [...newlyMissing.map((s) => s.id), ...unreadableChanged];
  const wasMissing = new Set(candidates.filter((s) => s.missingSince).map((s) => s.id));
  for (const c of plan.changed) if (c.wasMissing) wasMissing.add(c.id);
  const restoredIds = writes.flatMap((w) => (w.id && wasMissing.has(w.id) ? [w.id] : []));
  return { writes, removedIds, restoredIds };
}
