import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/open';
import { songs } from '../../src/server/db/schema';
import { songColumns } from '../../src/server/library/songs/songColumns';

type Variant = (db: Db, term: string, escaped: string) => Promise<{ id: string }[]>;

const cols = { ...songColumns, sortKey: songs.sortKey };

export const VARIANTS: Record<string, Variant> = {
  base: (db, _t, e) =>
    db
      .select()
      .from(songs)
      .where(sql`${songs.searchText} ilike ${`%${e}%`}`)
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(51),
  like: (db, _t, e) =>
    db
      .select()
      .from(songs)
      .where(sql`${songs.searchText} like ${`%${e}%`}`)
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(51),
  cols: (db, _t, e) =>
    db
      .select(cols)
      .from(songs)
      .where(sql`${songs.searchText} ilike ${`%${e}%`}`)
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(51),
  colsLike: (db, _t, e) =>
    db
      .select(cols)
      .from(songs)
      .where(sql`${songs.searchText} like ${`%${e}%`}`)
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(51),
  idsOnly: (db, _t, e) =>
    db
      .select({ id: songs.id })
      .from(songs)
      .where(sql`${songs.searchText} like ${`%${e}%`}`)
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(51),
  json: async (db, _t, e) => {
    const res = (await db.execute(
      sql`select coalesce(json_agg(t), '[]') as page from (select id, title, artist, duration_ms, path, created_at, source, album, album_id, album_artist, artists, track_number, disc_number, year, genres, codec, bit_rate, playable, unplayable_reason, artwork_hash, rg_track_gain, rg_track_peak, rg_album_gain, rg_album_peak, sort_key from songs where search_text like ${`%${e}%`} order by sort_key, id limit 51) t`,
    )) as unknown as { rows: { page: { id: string }[] }[] };
    return res.rows[0].page;
  },
  jsonText: async (db, _t, e) => {
    const res = (await db.execute(
      sql`select coalesce(json_agg(t), '[]')::text as page from (select id, title, artist, duration_ms, path, created_at, source, album, album_id, album_artist, artists, track_number, disc_number, year, genres, codec, bit_rate, playable, unplayable_reason, artwork_hash, rg_track_gain, rg_track_peak, rg_album_gain, rg_album_peak, sort_key from songs where search_text like ${`%${e}%`} order by sort_key, id limit 51) t`,
    )) as unknown as { rows: { page: string }[] };
    return JSON.parse(res.rows[0].page) as { id: string }[];
  },
  ios: (db, _t, e) =>
    db
      .select(cols)
      .from(songs)
      .where(sql`${songs.id} in (select id from songs where search_text like ${`%${e}%`} order by sort_key, id limit 51)`)
      .orderBy(asc(songs.sortKey), asc(songs.id)),
  planOnly: async (db, _t, e) => {
    await db.execute(sql`explain select id from songs where search_text like ${`%${e}%`} order by sort_key, id limit 51`);
    return [];
  },
  planEq: async (db, t) => {
    await db.execute(sql`explain select id from songs where search_text = ${t} order by sort_key, id limit 51`);
    return [];
  },
  scan2300: async (db) => {
    await db.execute(sql`select count(*) from (select search_text from songs order by sort_key, id limit 2300) t`);
    return [];
  },
  scan2300like: async (db) => {
    await db.execute(sql`select count(*) from (select search_text from songs order by sort_key, id limit 2300) t where search_text like '%stormy%'`);
    return [];
  },
  scan2300sort: async (db) => {
    await db.execute(sql`select count(*) from (select sort_key from songs order by sort_key limit 2300) t`);
    return [];
  },
  trivial: async (db) => db.select({ id: songs.id }).from(songs).limit(1),
};
