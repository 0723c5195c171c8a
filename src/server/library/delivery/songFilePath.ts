import { libraryFilePath } from '../libraryFilePath';
import { mediaFilePath } from '../mediaDir';

export interface SongFileDirs {
  musicDirs: string[];
  mediaDir: string;
}

/** Where a song row says its file is: `path` names uploads and the demo, `filePath` scanned files. */
export interface StoredSongFile {
  source: string;
  path: string;
  filePath: string | null;
}

/**
 * The real path of a song's file, or null when it is gone or would lie outside the roots:
 * uploads and the demo live directly in MEDIA_DIR, scanned files inside a MUSIC_DIR root, never elsewhere.
 */
export async function songFilePath(dirs: SongFileDirs, song: StoredSongFile): Promise<string | null> {
  if (song.source === 'scan') return song.filePath ? libraryFilePath(dirs.musicDirs, song.filePath) : null;
  return mediaFilePath(dirs.mediaDir, song.path);
}
