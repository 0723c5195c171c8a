import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { foldText } from '../../lib/text';
import { presentSongs } from './presentSongs';
import { songColumns, type SongSource } from './songColumns';

/** A position in the library order (sort key, then id); modules/songs/cursor.ts hands it to clients as an opaque string. */
export interface SongCursor {
  sortKey: string;
  id: string;
}

export interface ListSongsInput {
  search?: string;
  /** whole seconds, inclusive (of the rounded duration) */
  minDuration?: number;
  maxDuration?: number;
  limit: number;
  after?: SongCursor;
}

/** LIKE's wildcards and its escape character, taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What a page of songs is made of: the columns of a Song, and the sort key for the cursor. */
const listColumns = { ...songColumns, sortKey: songs.sortKey };

export type SongListRow = SongSource & Pick<SongRow, 'sortKey'>;

/**
 * search_text and the term are both folded (foldText: lower case, no accents), so a plain LIKE
 * finds what ILIKE would; ILIKE would lower-case every row it tests again (on a UTF-8 database,
 * a copy of each string), which made it the costliest part of a search (bench/notes.md, "Search").
 */
export function searchTextContains(column: SQL | typeof songs.searchText, term: string): SQL {
  return sql`${column} like ${`%${escapeLike(term)}%`}`;
}

/**
 * One page of the library in its stable order (sort key, id), filtered by a substring of
 * title or artist (case and accents ignored; the trigram index on search_text serves it)
 * and by duration. Returns one row more than asked when another page follows.
 */
export async function listSongs(db: Db, input: ListSongsInput): Promise<SongListRow[]> {
  const where: SQL[] = [presentSongs];
  const term = input.search ? foldText(input.search) : '';
  if (term) where.push(searchTextContains(songs.searchText, term));
  // Bounds in whole seconds, as durations are sent (rounded): a 180.4 s song is 180 s, so within a 3-minute maximum.
  if (input.minDuration !== undefined) where.push(gte(songs.durationMs, input.minDuration * 1000 - 500));
  if (input.maxDuration !== undefined) where.push(lt(songs.durationMs, input.maxDuration * 1000 + 500));
  if (input.after) where.push(sql`(${songs.sortKey}, ${songs.id}) > (${input.after.sortKey}, ${input.after.id}::uuid)`);
  return db
    .select(listColumns)
    .from(songs)
    .where(and(...where))
    .orderBy(asc(songs.sortKey), asc(songs.id))
    .limit(input.limit + 1);
}

export async function findSong(db: Db, id: string): Promise<SongRow | undefined> {
  const [row] = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return row;
}

/** A present song's stored lyrics (null when it has none); undefined when the song is unknown or missing. */
export async function findPresentSongLyrics(db: Db, id: string): Promise<SongRow['lyrics'] | undefined> {
  const [row] = await db
    .select({ lyrics: songs.lyrics })
    .from(songs)
    .where(and(eq(songs.id, id), presentSongs))
    .limit(1);
  return row ? row.lyrics : undefined;
}

/** 404 (songNotFound) unless the library holds the song: for likes, plays and playlist entries. */
export async function assertSongExists(db: Db, songId: string): Promise<void> {
  const [row] = await db.select({ id: songs.id }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.songNotFound);
}

export async function insertSong(db: Db, values: typeof songs.$inferInsert): Promise<SongRow> {
  const [row] = await db.insert(songs).values(values).returning();
  return row;
}
