import { asc, eq, sql } from 'drizzle-orm';
import { albums, artists, songs } from '../../../db/schema';
import { presentSongs } from '../../songs/presentSongs';
import type { TestApp } from '../../../test/testApp';
import { createScanApp, scanNow } from './scanApp';

/**
 * What a scan made of the library as listeners see it, without ids or times: two apps that scanned
 * the same files hold the same. Songs marked missing, and albums and artists of those only, are left out.
 */
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
    .where(presentSongs)
    .orderBy(asc(songs.filePath));
  const albumRows = await t.app.db
    .select({ groupKey: albums.groupKey, name: albums.name, albumArtist: albums.albumArtist, artworkHash: albums.artworkHash })
    .from(albums)
    .where(sql`exists (select 1 from songs s where s.album_id = ${albums.id} and s.missing_since is null)`)
    .orderBy(asc(albums.groupKey));
  const artistRows = await t.app.db
    .select({ name: artists.name })
    .from(artists)
    .where(
      sql`exists (select 1 from songs s left join albums al on al.id = s.album_id where s.missing_since is null
      and (lower(${artists.name}) = any(wl_lower_all(s.artists)) or lower(${artists.name}) = lower(al.album_artist)))`,
    )
    .orderBy(asc(artists.sortKey));
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
