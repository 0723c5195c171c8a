import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import { LruMap } from '../../lib/lruMap';
import { findSong } from '../songs/songQueries';
import type { DeliveredSong } from './sendSongFile';
import { songFilePath, type SongFileDirs, type StoredSongFile } from './songFilePath';

const MAX_CACHED_FILES = 20_000;

/** What the web app's stream needs of a song, remembered between its requests. */
export interface StreamFile extends DeliveredSong, StoredSongFile {
  /** set for a file no browser can play here (ALAC/AIFF without ffmpeg): answered as 415, never sent */
  unplayableReason: string | null;
}

/**
 * The files of songs streamed lately (id -> file, a bounded LRU), so a stream needs no query after
 * the first; a scanned file that moved, or a song made playable by a rescan, is looked up again.
 */
export class RecentSongFiles {
  private readonly files = new LruMap<string, StreamFile>(MAX_CACHED_FILES);

  constructor(
    private readonly db: Db,
    private readonly dirs: SongFileDirs,
  ) {}

  /**
   * The song and its file on disk: 404 when the song is unknown, marked missing by a scan, or its
   * file gone or outside the roots; 415 when it cannot be played here.
   */
  async locate(id: string, log: FastifyBaseLogger): Promise<{ file: StreamFile; filePath: string }> {
    let file = await this.fileOf(id);
    let filePath = file.unplayableReason === null ? await songFilePath(this.dirs, file) : null;
    if (!filePath) {
      // remembered before a rescan moved the file or made it playable: ask the database once more
      this.files.delete(id);
      file = await this.fileOf(id);
      if (file.unplayableReason !== null) {
        this.files.delete(id);
        throw new HttpError(415, file.unplayableReason);
      }
      filePath = await songFilePath(this.dirs, file);
    }
    if (!filePath) {
      this.files.delete(id);
      log.warn({ songId: id }, 'song path points outside MEDIA_DIR or MUSIC_DIR, or is gone; refused');
      throw new HttpError(404, MESSAGES.notFound);
    }
    return { file, filePath };
  }

  /** Forgets a song whose sending failed, so the next request reads it again. */
  forget(id: string): void {
    this.files.delete(id);
  }

  /** Forgets every song (after a scan, which may have marked files missing or moved them). */
  forgetAll(): void {
    this.files.clear();
  }

  private async fileOf(id: string): Promise<StreamFile> {
    let file = this.files.get(id);
    if (!file) {
      const row = await findSong(this.db, id);
      if (!row) throw new HttpError(404, MESSAGES.notFound);
      if (row.missingSince) throw new HttpError(404, MESSAGES.songFileMissing);
      file = {
        id: row.id,
        source: row.source,
        path: row.path,
        filePath: row.filePath,
        mimeType: row.mimeType,
        codec: row.codec,
        bitRate: row.bitRate,
        durationMs: row.durationMs,
        unplayableReason: row.playable ? null : row.unplayableReason,
      };
      this.files.set(id, file);
    }
    return file;
  }
}
