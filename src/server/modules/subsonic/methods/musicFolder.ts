import { notFound } from '../protocol/errors';
import type { SubsonicParams } from '../protocol/params';

/** Every MUSIC_DIR root, uploads and the demo are one library, so apps see one music folder. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' } as const;

/** The calls that take a `musicFolderId` (the OpenSubsonic description's list, of those served here). */
export const TAKES_MUSIC_FOLDER: ReadonlySet<string> = new Set([
  'getIndexes',
  'getArtists',
  'getAlbumList',
  'getAlbumList2',
  'getRandomSongs',
  'getSongsByGenre',
  'getStarred',
  'getStarred2',
  'search2',
  'search3',
]);

/** A `musicFolderId` naming a folder that does not exist is error 70, never the whole library. */
export function checkMusicFolder(method: string, params: SubsonicParams): void {
  if (!TAKES_MUSIC_FOLDER.has(method)) return;
  for (const id of params.all('musicFolderId')) if (id.trim() !== String(MUSIC_FOLDER.id)) throw notFound('Music folder');
}
