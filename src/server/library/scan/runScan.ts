import path from 'node:path';
import type { Db } from '../../db/open';
import { splitFolderImages } from '../artwork/folderImages';
import { refreshArtwork } from '../artwork/refreshArtwork';
import { applyFolderChanges, syncFolderImages } from '../artwork/syncFolderImages';
import { classify, type Classified } from './classify';
import { loadKnownSongs } from './knownSongs';
import { matchMoves } from './matchMoves';
import type { Playability } from './playability';
import { readFiles, type ReadOptions, type ReadOutcome } from './readFiles';
import type { ReadTrack, ScanCounters, SkippedFile } from './types';
import { walkRoots } from './walk';
import { removeEmptyAlbums, removeOrphanArtists, removeSongs, writeTracks, type TrackWrite } from './writeBatch';

export interface ScanDeps {
  db: Db;
  roots: string[];
  ffmpegAvailable: boolean;
  /** updated as the scan goes: what GET /api/library/scan shows while it runs */
  counters: ScanCounters;
  signal?: AbortSignal;
  batchSize?: number;
}

export interface ScanOutcome {
  skipped: SkippedFile[];
}

/**
 * One scan of the MUSIC_DIR roots, in Navidrome's phases: walk, change detection, read tags of
 * new and changed files only, match moves, write in batched transactions, remove what is gone.
 */
export async function runScan(deps: ScanDeps): Promise<ScanOutcome> {
  const { db, counters, signal } = deps;
  const batchSize = deps.batchSize ?? 500;
  const walked = await walkRoots(deps.roots);
  const skipped = [...walked.skipped];
  for (const root of walked.unreadableRoots) skipped.push({ path: root, reason: 'music folder cannot be read: its songs are kept', failed: true });
  counters.filesSeen = walked.files.length + walked.skipped.filter((s) => s.failed).length;
  counters.failed = skipped.filter((s) => s.failed).length;
  const emptyRoots = deps.roots.filter((root) => !walked.files.some((f) => f.root === root));

  signal?.throwIfAborted();
  const { images, others } = splitFolderImages(walked.files);
  const keptRoots = [...walked.unreadableRoots, ...emptyRoots];
  const known = await loadKnownSongs(db);
  const plan = classify(others, known, keptRoots);
  counters.unchanged = plan.unchanged.length;
  const folders = await syncFolderImages(db, images, keptRoots);
  counters.rowsWritten += folders.rowsWritten + (await applyFolderChanges(db, known.values(), folders.changedFolders));
  const { writes, removedIds } = await readAndMatch(plan, { ffmpegAvailable: deps.ffmpegAvailable, counters, skipped, signal });
  for (const { track } of writes) track.folderImageHash = folders.hashByFolder.get(path.dirname(track.file.path)) ?? null;

  for (let i = 0; i < writes.length; i += batchSize) {
    signal?.throwIfAborted();
    counters.rowsWritten += await writeTracks(db, writes.slice(i, i + batchSize));
  }
  counters.rowsWritten += await removeSongs(db, removedIds, batchSize);
  if (writes.length || removedIds.length) {
    counters.rowsWritten += await removeEmptyAlbums(db);
    counters.rowsWritten += await removeOrphanArtists(db);
  }
  // removals and folder covers change albums no write touched
  if (removedIds.length || folders.changedFolders.size) counters.rowsWritten += await refreshArtwork(db, null);
  return { skipped };
}

/** Phases 3 and 4: read new and changed files, tell moved files from added ones; answers what to write and remove. */
async function readAndMatch(plan: Classified, options: ReadOptions): Promise<{ writes: TrackWrite[]; removedIds: string[] }> {
  const { counters } = options;
  const changedRead = await readFiles(
    plan.changed.map((c) => c.file),
    options,
  );
  const addedRead = (await readFiles(plan.added, options)).filter((r): r is ReadOutcome => r !== null);
  const moves = matchMoves(
    addedRead.map((r) => r.track),
    plan.missing,
  );
  const playabilities = new Map(addedRead.map((r) => [r.track, r.playability]));
  const playabilityOf = (track: ReadTrack) => playabilities.get(track) as Playability;

  const writes: TrackWrite[] = [];
  changedRead.forEach((read, i) => {
    if (read) writes.push({ ...read, id: plan.changed[i].id });
  });
  counters.changed = writes.length;
  for (const { track, id } of moves.moved) writes.push({ track, playability: playabilityOf(track), id });
  for (const track of moves.added) writes.push({ track, playability: playabilityOf(track) });
  counters.moved = moves.moved.length;
  counters.added = moves.added.length;
  // a changed file that no longer reads is dropped from the library, like a removed one
  const unreadableChanged = plan.changed.filter((_, i) => !changedRead[i]).map((c) => c.id);
  const removedIds = [...moves.removed.map((s) => s.id), ...unreadableChanged];
  counters.removed = removedIds.length;
  return { writes, removedIds };
}
