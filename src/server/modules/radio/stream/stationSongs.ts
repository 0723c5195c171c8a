import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { songs } from '../../../db/schema';
import { songFilePath, type SongFileDirs } from '../../../library/delivery/songFilePath';
import { presentSongs } from '../../../library/songs/presentSongs';
import type { StationSong } from './stationSource';
import { streamGainDb } from './streamGain';

/** The station source's `resolve`: a song's file and gain from the library; null for a song deleted, missing, or without a file. */
export function stationSongs(db: Db, dirs: SongFileDirs): (songId: string) => Promise<StationSong | null> {
  return async (songId) => {
    const [row] = await db
      .select({
        source: songs.source,
        path: songs.path,
        filePath: songs.filePath,
        trackGain: songs.rgTrackGain,
        trackPeak: songs.rgTrackPeak,
        albumPeak: songs.rgAlbumPeak,
      })
      .from(songs)
      .where(and(eq(songs.id, songId), presentSongs))
      .limit(1);
    if (!row) return null;
    const path = await songFilePath(dirs, row);
    return path ? { path, gainDb: streamGainDb(row) } : null;
  };
}
