import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { albums, artists, songs } from '../../db/schema';
import { foldText } from '../../lib/text';
import { refreshArtwork } from '../artwork/refreshArtwork';
import { albumArtistOf, albumGroupKey, UNKNOWN_ALBUM } from './albumKey';
import type { Playability } from './playability';
import { songValues } from './songValues';
import type { ReadTrack } from './types';

/** A track to write: its playability, and the id of the song it already is (changed or moved). */
export interface TrackWrite {
  track: ReadTrack;
  playability: Playability;
  id?: string;
  /** the counter it adds to in a scan, taken back when its write is refused */
  kind?: 'added' | 'changed' | 'moved';
}

type SongInsert = typeof songs.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const SONG_COLUMNS = getTableColumns(songs);
/** artists rows per insert statement (3 parameters each) */
const ARTIST_ROWS_PER_INSERT = 5000;
const KEPT_ON_REWRITE = new Set(['id', 'createdAt', 'uploadedBy']);

/** on conflict (id) do update: every scanned column from the new values, one statement for the batch. */
const songRewrite = Object.fromEntries(
  Object.entries(SONG_COLUMNS)
    .filter(([key]) => !KEPT_ON_REWRITE.has(key))
    .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
);

/**
 * Phase 5: one batch of tracks in one transaction, in three statements whatever its size
 * (artists, albums, songs; no query per file). Answers the rows written. `extra` overrides columns of
 * every song (an upload: source, uploader, no MUSIC_DIR path).
 */
export async function writeTracks(db: Db, batch: TrackWrite[], extra: Partial<SongInsert> = {}): Promise<number> {
  if (!batch.length) return 0;
  return db.transaction(async (tx) => {
    const artistRows = await upsertArtists(tx, batch);
    const albumIds = await upsertAlbums(tx, batch);
    const values = batch.map(({ track, playability, id }) => ({
      ...songValues(track, albumIds.get(albumGroupKey(track.tags)) as string, playability, id),
      ...extra,
    }));
    const written = await tx.insert(songs).values(values).onConflictDoUpdate({ target: songs.id, set: songRewrite }).returning({ id: songs.id });
    const artworkRows = await refreshArtwork(tx, [...albumIds.values()]);
    return artistRows + albumIds.size + written.length + artworkRows;
  });
}

async function upsertArtists(tx: Tx, batch: TrackWrite[]): Promise<number> {
  const byKey = new Map<string, { name: string; sortKey: string; mbzArtistId: string | null }>();
  for (const { track } of batch) {
    const { tags } = track;
    const names = [...tags.artists, albumArtistOf(tags)];
    names.forEach((name, i) => {
      const sortKey = foldText(name);
      if (sortKey && !byKey.has(sortKey)) byKey.set(sortKey, { name, sortKey, mbzArtistId: i === 0 ? tags.mbzArtistId : null });
    });
  }
  // a statement takes at most 65,535 parameters: 500 files of 50 artists each would pass that in one
  const rows = [...byKey.values()];
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ARTIST_ROWS_PER_INSERT) {
    const written = await tx
      .insert(artists)
      .values(rows.slice(i, i + ARTIST_ROWS_PER_INSERT))
      .onConflictDoNothing()
      .returning({ id: artists.id });
    inserted += written.length;
  }
  return inserted;
}

/** The id of every album of the batch by its group key, creating the new ones. */
async function upsertAlbums(tx: Tx, batch: TrackWrite[]): Promise<Map<string, string>> {
  const byKey = new Map<string, typeof albums.$inferInsert>();
  for (const { track } of batch) {
    const { tags } = track;
    const groupKey = albumGroupKey(tags);
    const name = tags.album ?? UNKNOWN_ALBUM;
    if (!byKey.has(groupKey)) {
      byKey.set(groupKey, {
        name,
        albumArtist: albumArtistOf(tags),
        year: tags.year,
        compilation: tags.compilation,
        mbzAlbumId: tags.mbzAlbumId,
        groupKey,
        sortKey: foldText(name),
      });
    }
  }
  const rows = await tx
    .insert(albums)
    .values([...byKey.values()])
    .onConflictDoUpdate({ target: albums.groupKey, set: { name: sql`excluded.name`, albumArtist: sql`excluded.album_artist` } })
    .returning({ id: albums.id, groupKey: albums.groupKey });
  return new Map(rows.map((r) => [r.groupKey, r.id]));
}

/**
 * Artists no song credits any more (their songs removed or retagged): named neither among a
 * song's artists nor as an album's album artist, compared folded as their sort_key is.
 */
export async function removeOrphanArtists(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select distinct x as name from ${songs}, unnest(${songs.artists}) x union select distinct ${albums.albumArtist} from ${albums}`,
  )) as unknown as { rows: { name: string | null }[] };
  const credited = new Set(result.rows.map((r) => foldText(r.name ?? '')));
  const all = await db.select({ id: artists.id, sortKey: artists.sortKey }).from(artists);
  const orphans = all.filter((a) => !credited.has(a.sortKey)).map((a) => a.id);
  let deleted = 0;
  for (let i = 0; i < orphans.length; i += 500) {
    const rows = await db
      .delete(artists)
      .where(inArray(artists.id, orphans.slice(i, i + 500)))
      .returning({ id: artists.id });
    deleted += rows.length;
  }
  return deleted;
}

/** Albums no song points at any more (their songs removed or regrouped). */
export async function removeEmptyAlbums(db: Db): Promise<number> {
  const deleted = await db
    .delete(albums)
    .where(sql`not exists (select 1 from ${songs} where ${songs.albumId} = ${albums.id})`)
    .returning({ id: albums.id });
  return deleted.length;
}
