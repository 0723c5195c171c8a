import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import { isRefusedValue } from '../scan/scanErrors';
import { writeTracks } from '../scan/writeBatch';
import { findSong } from '../songs/songQueries';
import type { StoredUpload } from './receiveUpload';
import { moveIntoPlace } from './uploadFiles';

/**
 * Writes an upload through the scanner's write phase (artists, album by its group key, song), so it
 * joins the same album and artists as a scanned file with the same tags; it stays an upload: source
 * 'upload', its uploader, no MUSIC_DIR path (it streams from MEDIA_DIR). A failed write removes the file.
 * The tags were cleaned (cleanTags); values the database still refuses answer 400, their SQL logged only.
 */
export async function saveUpload(db: Db, upload: StoredUpload, uploadedBy: string, log?: FastifyBaseLogger) {
  const id = randomUUID();
  try {
    await writeTracks(db, [{ track: upload.track, playability: upload.playability, id }], {
      source: 'upload',
      filePath: null,
      fileMtimeMs: null,
      uploadedBy,
    });
    await moveIntoPlace(db, id, upload);
    const row = await findSong(db, id);
    if (!row) throw new Error(`uploaded song ${id} was not written`);
    return row;
  } catch (error) {
    await rm(upload.track.file.path, { force: true });
    if (!isRefusedValue(error)) throw error;
    log?.warn({ err: error }, 'upload refused: the database took none of its tags');
    throw new HttpError(400, MESSAGES.uploadTagsRefused);
  }
}
