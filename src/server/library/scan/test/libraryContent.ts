import { asc, eq } from 'drizzle-orm';
import { albums, artists, songs } from '../../../db/schema';
import type { TestApp } from '../../../test/testApp';
import { createScanApp, scanNow } from './scanApp';

/** What a scan made of the library, without ids or times: two apps that scanned the same files hold the same. */
export async function libraryContent(t: TestApp) {
  const songRows = await t.app.db
    .select({
      filePath: songs.filePath,
      title: songs.title,
      artists: songs.artists,
      album: albums.name,
      albumArtist: albums.albumArtist,
      folderImageHash: songs.folderImageHash,
      artworkHash: songs.artworkHash,
    })
    .from(songs)
    .leftJoin(albums, eq(albums.id, songs.albumId))
    .orderBy(asc(songs.filePath));
  const albumRows = await t.app.db
    .select({ groupKey: albums.groupKey, name: albums.name, albumArtist: albums.albumArtist, artworkHash: albums.artworkHash })
    .from(albums)
    .orderBy(asc(albums.groupKey));
  const artistRows = await t.app.db.select({ name: artists.name }).from(artists).orderBy(asc(artists.sortKey));
  return { songs: songRows, albums: albumRows, artists: artistRows };
}

/** What a full scan of `root` by a fresh app makes of it. */
export async function fullScanContent(root: string) {
  const fresh = await createScanApp(root);
  try {
    await scanNow(fresh);
    return await libraryContent(fresh);
  } finally {
    await fresh.close();
  }
}
