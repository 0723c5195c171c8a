import type { Song } from '../../../contract/songs';

/** What the player needs beyond the title to play a kept song as online: its place on its album (album
 * gapless, album gain) and its ReplayGain. */
export type KeptPlayback = Partial<Pick<Song, 'albumId' | 'discNumber' | 'trackNumber' | 'replayGain'>>;

/** A song kept on this device: what the kept music page shows and plays without the server. */
export interface KeptSong extends KeptPlayback {
  id: string;
  title: string;
  artist: string;
  /** seconds */
  duration: number;
  album?: string | null;
  artworkUrl?: string | null;
  /** the size of the file kept */
  bytes: number;
}

export type KeptKind = 'album' | 'playlist' | 'liked' | 'song';

/** An album, playlist, Liked Songs or one song the user chose to keep, with its songs in order. */
export interface KeptItem {
  /** `<kind>:<id>` */
  key: string;
  kind: KeptKind;
  id: string;
  name: string;
  songIds: string[];
  /** every song of it is kept (false while keeping, or when keeping stopped part way) */
  complete: boolean;
}

/** Everything kept on this device, for one user (`owner`, a user id). */
export interface KeptRecords {
  owner: string | null;
  items: KeptItem[];
  songs: Record<string, KeptSong>;
}

/** In localStorage; the files themselves are in the worker's AUDIO_CACHE (sw/cacheNames.ts). */
export const KEPT_RECORDS_KEY = 'wavelength.kept';

export const keptItemKey = (kind: KeptKind, id: string) => `${kind}:${id}`;

const EMPTY: KeptRecords = { owner: null, items: [], songs: {} };

function read(): KeptRecords {
  try {
    const raw = localStorage.getItem(KEPT_RECORDS_KEY);
    const parsed = raw ? (JSON.parse(raw) as KeptRecords) : null;
    return parsed && Array.isArray(parsed.items) && parsed.songs ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

let current: KeptRecords | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Another tab of this origin changed the record (kept, removed, signed out): read it again. */
function onStorage(event: StorageEvent): void {
  if (event.key !== KEPT_RECORDS_KEY && event.key !== null) return;
  current = read();
  notify();
}

/**
 * The records as last written: one object per change while someone listens (so React can compare
 * them; the storage event keeps that copy current), read afresh otherwise.
 */
export function getKeptRecords(): KeptRecords {
  return listeners.size > 0 ? (current ??= read()) : read();
}

export function setKeptRecords(update: (records: KeptRecords) => KeptRecords): KeptRecords {
  const next = update(getKeptRecords());
  // nothing kept is nobody's: the next user to keep music owns the records
  current = next.items.length === 0 && Object.keys(next.songs).length === 0 ? EMPTY : next;
  try {
    if (current === EMPTY) localStorage.removeItem(KEPT_RECORDS_KEY);
    else localStorage.setItem(KEPT_RECORDS_KEY, JSON.stringify(current));
  } catch {
    // storage full or blocked: the records last for this visit
  }
  notify();
  return current;
}

/** Tells `listener` of every change, made in this tab or (through the storage event) another. */
export function subscribeKeptRecords(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
    current = null;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    current = null;
  };
}

/** The sum of the kept files' sizes. */
export const keptBytes = (records: KeptRecords) => Object.values(records.songs).reduce((sum, song) => sum + song.bytes, 0);
