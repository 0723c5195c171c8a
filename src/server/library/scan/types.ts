import type { SongLyrics } from '../../db/schema';

/** A regular file found under a MUSIC_DIR root, with what change detection compares. */
export interface FoundFile {
  /** absolute path */
  path: string;
  root: string;
  /** path inside its root, with '/' separators: what the API shows */
  relPath: string;
  size: number;
  mtimeMs: number;
  /** the .lrc file beside it (docs/product.md §5.8), when the walk found one: compared and read with it */
  lrcFile?: LrcFileFound;
}

/** A .lrc file beside an audio file, with what change detection compares. */
export interface LrcFileFound {
  path: string;
  size: number;
  mtimeMs: number;
}

/** A file the scan left out, and why (docs/product.md §5.7). */
export interface SkippedFile {
  path: string;
  reason: string;
  /** counted in `failed`: empty or unreadable, not merely hidden or not audio */
  failed?: boolean;
}

/** What the scan reads from one audio file. */
export interface TrackTags {
  title: string;
  /** the ARTIST tag as written, for display ("A feat. B") */
  artist: string;
  artists: string[];
  album: string | null;
  albumArtist: string | null;
  trackNumber: number | null;
  discNumber: number | null;
  year: number | null;
  genres: string[];
  compilation: boolean;
  mbzTrackId: string | null;
  mbzAlbumId: string | null;
  mbzArtistId: string | null;
  rgTrackGain: number | null;
  rgTrackPeak: number | null;
  rgAlbumGain: number | null;
  rgAlbumPeak: number | null;
  durationMs: number;
  bitRate: number | null;
  sampleRate: number | null;
  codec: string;
  container: string;
  lyrics: SongLyrics | null;
  /** hash of the embedded picture (front cover first), null without one */
  pictureHash: string | null;
}

/** A file whose tags were read, ready to be written. */
export interface ReadTrack {
  file: FoundFile;
  tags: TrackTags;
  /** hash of the cover image in the file's folder, when the scan found one */
  folderImageHash?: string | null;
}

export interface ScanCounters {
  filesSeen: number;
  added: number;
  changed: number;
  moved: number;
  removed: number;
  unchanged: number;
  failed: number;
  /** files whose tags were read: 0 for an unchanged tree */
  tagsRead: number;
  /** song, album and artist rows inserted, updated or deleted: 0 for an unchanged tree */
  rowsWritten: number;
}

export function emptyCounters(): ScanCounters {
  return { filesSeen: 0, added: 0, changed: 0, moved: 0, removed: 0, unchanged: 0, failed: 0, tagsRead: 0, rowsWritten: 0 };
}
