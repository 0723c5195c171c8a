import type { PlayableSong } from '../../shared/player';
import {
  getKeptRecords,
  keptItemKey,
  setKeptRecords,
  subscribeKeptRecords,
  tellWorkerKeptChanged,
  type KeptItem,
  type KeptKind,
  type KeptPlayback,
  type KeptRecords,
  type KeptSong,
} from '../../shared/kept';
import { AUDIO_CACHE, keptAudioKey } from '../../sw/cacheNames';
import { keepUrl } from './keepSmaller';

/** What is being kept: an album, a playlist, Liked Songs (id `liked`) or one song. */
export interface KeepTarget {
  kind: KeptKind;
  id: string;
  name: string;
  /** keep smaller copies: MP3 at this many kbps for files above it (the stream's maxBitRate) */
  maxBitRate?: number;
}

/** A song to keep: what plays it, and what plays it as online (gapless, ReplayGain) when the list has it. */
export type KeepableSong = PlayableSong & KeptPlayback;

/** The record of a kept song: only the fields the list gave, so a record stays as small as it can be. */
function keptSongOf(song: KeepableSong, bytes: number): KeptSong {
  const kept: KeptSong = {
    id: song.id,
    title: song.title,
    artist: song.artist,
    duration: song.duration,
    album: song.album ?? null,
    artworkUrl: song.artworkUrl ?? null,
    bytes,
  };
  if (song.albumId) kept.albumId = song.albumId;
  if (song.discNumber != null) kept.discNumber = song.discNumber;
  if (song.trackNumber != null) kept.trackNumber = song.trackNumber;
  if (song.replayGain) kept.replayGain = song.replayGain;
  return kept;
}

export interface KeepProgress {
  /** songs kept so far, of `total` */
  done: number;
  total: number;
  /** bytes of the songs kept so far */
  bytes: number;
}

export interface KeepDeps {
  cache: () => Promise<Pick<Cache, 'match' | 'put' | 'delete'>>;
  fetch: typeof fetch;
  /** tells the worker AUDIO_CACHE changed */
  changed: () => void;
}

export const browserKeepDeps = (): KeepDeps => ({
  cache: () => caches.open(AUDIO_CACHE),
  fetch: (...args) => fetch(...args),
  changed: tellWorkerKeptChanged,
});

const withItem = (records: KeptRecords, item: KeptItem): KeptRecords => ({
  ...records,
  items: records.items.some((i) => i.key === item.key) ? records.items.map((i) => (i.key === item.key ? item : i)) : [...records.items, item],
});

/** Songs no kept item lists any more: their files and records go. */
async function dropOrphans(deps: KeepDeps): Promise<void> {
  const records = getKeptRecords();
  const listed = new Set(records.items.flatMap((item) => item.songIds));
  const orphans = Object.keys(records.songs).filter((id) => !listed.has(id));
  if (orphans.length === 0) return;
  const cache = await deps.cache();
  for (const id of orphans) await cache.delete(keptAudioKey(id));
  setKeptRecords((r) => ({ ...r, songs: Object.fromEntries(Object.entries(r.songs).filter(([id]) => listed.has(id))) }));
}

const isListed = (key: string) => getKeptRecords().items.some((item) => item.key === key);

/**
 * Keeps the whole file of every song of `target` in AUDIO_CACHE (one after another, songs already
 * kept skipped), records them, and reports progress after each. Songs the item no longer lists are
 * dropped, so calling it again with a playlist's current songs keeps it in sync. Throws when a
 * song cannot be fetched whole; what was kept until then stays, the item marked incomplete.
 * Resolves `stopped` when the item leaves the records meanwhile (Remove, Remove all, a sign-out,
 * in this tab or another): the download in flight is aborted and nothing more is kept.
 */
export async function keepItem(
  target: KeepTarget,
  songs: readonly KeepableSong[],
  owner: string | null,
  deps: KeepDeps,
  onProgress: (p: KeepProgress) => void = () => {},
): Promise<'kept' | 'stopped'> {
  const key = keptItemKey(target.kind, target.id);
  const item: KeptItem = { key, kind: target.kind, id: target.id, name: target.name, songIds: songs.map((s) => s.id), complete: false };
  setKeptRecords((r) => withItem({ ...r, owner: r.owner ?? owner }, item));
  const cache = await deps.cache();
  const progress: KeepProgress = { done: 0, total: songs.length, bytes: 0 };
  onProgress({ ...progress });
  const abort = new AbortController();
  const unsubscribe = subscribeKeptRecords(() => {
    if (!isListed(key)) abort.abort();
  });
  try {
    for (const song of songs) {
      if (abort.signal.aborted) return 'stopped';
      const known = getKeptRecords().songs[song.id];
      if (!(known && (await cache.match(keptAudioKey(song.id))))) {
        const response = await deps
          .fetch(keepUrl(song.publicUrl, target.maxBitRate), { credentials: 'same-origin', signal: abort.signal })
          .catch((error: unknown) => {
            if (abort.signal.aborted) return null;
            throw error;
          });
        if (!response) return 'stopped';
        // a 206 or an error is never kept: only a whole file plays and seeks offline
        if (response.status !== 200) throw new Error(`could not fetch ${song.id}: ${response.status}`);
        const blob = await response.blob().catch((error: unknown) => {
          if (abort.signal.aborted) return null;
          throw error;
        });
        if (!blob || abort.signal.aborted) return 'stopped';
        const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
        await cache.put(keptAudioKey(song.id), new Response(blob, { headers: { 'Content-Type': type, 'Content-Length': String(blob.size) } }));
        // removed while the file was written: it goes too
        if (abort.signal.aborted) {
          await cache.delete(keptAudioKey(song.id));
          return 'stopped';
        }
        const kept = keptSongOf(song, blob.size);
        setKeptRecords((r) => ({ ...r, songs: { ...r.songs, [song.id]: kept } }));
      }
      progress.done += 1;
      progress.bytes += getKeptRecords().songs[song.id]?.bytes ?? 0;
      onProgress({ ...progress });
    }
    if (abort.signal.aborted) return 'stopped';
    setKeptRecords((r) => withItem(r, { ...item, complete: true }));
    await dropOrphans(deps);
    return 'kept';
  } finally {
    unsubscribe();
    deps.changed();
  }
}

/** Removes one kept item, and the files of its songs no other kept item lists. */
export async function removeKeptItem(key: string, deps: KeepDeps): Promise<void> {
  setKeptRecords((r) => ({ ...r, items: r.items.filter((item) => item.key !== key) }));
  try {
    await dropOrphans(deps);
  } finally {
    deps.changed();
  }
}

/** The kept item's songs differ from the page's (a playlist changed): the item needs keeping again. */
export function outOfSync(item: KeptItem, songs: readonly { id: string }[]): boolean {
  return item.songIds.length !== songs.length || item.songIds.some((id, i) => id !== songs[i].id);
}
