import type { FastifyRequest } from 'fastify';
import { COVER_MAX_BYTES } from '../../../contract/limits';
import { PLAYLIST_MESSAGES } from '../../../contract/playlists';
import { assertCleanInput } from '../../lib/cleanText';
import { HttpError } from '../../lib/httpError';
import { sniffCoverMime, type CoverMime } from './coverStore';

export interface PlaylistForm {
  /** the JSON body as sent (the contract schema checks its types), or the multipart text fields */
  fields: unknown;
  /** a cover image checked by its bytes; null when none was sent */
  cover: { bytes: Buffer; mime: CoverMime } | null;
}

/** only the cover's own size: other 413s of multipart (a second file, too many fields) mean something else */
function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a playlist request: JSON, or multipart with text fields and an optional `coverImage`
 * (JPEG, PNG or WebP by its bytes, at most 2 MB, read into memory as it is small).
 */
export async function readPlaylistForm(request: FastifyRequest): Promise<PlaylistForm> {
  if (!request.isMultipart()) {
    return { fields: request.body ?? {}, cover: null };
  }
  const fields: Record<string, string> = {};
  let cover: PlaylistForm['cover'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: COVER_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        assertCleanInput({ [part.fieldname]: part.value });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'coverImage' || bytes.length === 0) continue;
      const mime = sniffCoverMime(bytes);
      if (!mime) throw new HttpError(400, PLAYLIST_MESSAGES.coverType);
      cover = { bytes, mime };
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, PLAYLIST_MESSAGES.coverTooLarge);
    throw error;
  }
  return { fields, cover };
}
