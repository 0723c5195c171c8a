import { HttpError } from '../../lib/httpError';
import type { SongCursor } from '../../library/songs/songQueries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: SongCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortKey, cursor.id]), 'utf8').toString('base64url');
}

/** Throws a 400 for anything encodeCursor did not make. */
export function decodeCursor(value: string): SongCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && UUID.test(parsed[1])) {
      return { sortKey: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'Invalid cursor');
}
