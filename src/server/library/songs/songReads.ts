import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { songs } from '../../db/schema';
import { foldText } from '../../lib/text';
import { presentSongs } from './presentSongs';
import { songColumns, type SongSource } from './songColumns';
import { escapeLike, listSongs, type ListSongsInput, type SongListRow } from './songQueries';

const listColumns = { ...songColumns, sortKey: songs.sortKey };
const { placeholder } = sql;

/**
 * The song reads of the busiest routes (GET /api/songs, GET /api/songs/:id), compiled once per app
 * rather than on every request: drizzle otherwise builds each query's SQL, its parameter list and
 * its row mapping anew per call, which was the largest part of GET /api/songs/:id's own CPU
 * (bench/notes.md, "overhead: the request path"; docs/decisions/request-path.md). Only the text is
 * compiled here: the statements stay unnamed, so the database plans each search for its own term
 * (a generic plan would read the ordered index for rare terms again; bench/notes.md, "Search"),
 * and the embedded database's connections, which share one session, never meet a name twice.
 */
export function songReads(db: Db) {
  const page = (search: boolean, after: boolean) => {
    const where: SQL[] = [presentSongs];
    if (search) where.push(sql`${songs.searchText} like ${placeholder('pattern')}`);
    if (after) where.push(sql`(${songs.sortKey}, ${songs.id}) > (${placeholder('afterSortKey')}, ${placeholder('afterId')}::uuid)`);
    return db
      .select(listColumns)
      .from(songs)
      .where(and(...where))
      .orderBy(asc(songs.sortKey), asc(songs.id))
      .limit(placeholder('limit'))
      .prepare('');
  };
  const pages = [page(false, false), page(false, true), page(true, false), page(true, true)];
  const byId = db
    .select(songColumns)
    .from(songs)
    .where(eq(songs.id, placeholder('id')))
    .limit(1)
    .prepare('');

  return {
    /** listSongs (songQueries.ts), the same rows; a duration filter takes the uncompiled path. */
    async list(input: ListSongsInput): Promise<SongListRow[]> {
      if (input.minDuration !== undefined || input.maxDuration !== undefined) return listSongs(db, input);
      const term = input.search ? foldText(input.search) : '';
      const statement = pages[(term ? 2 : 0) + (input.after ? 1 : 0)];
      return statement.execute({
        pattern: `%${escapeLike(term)}%`,
        afterSortKey: input.after?.sortKey,
        afterId: input.after?.id,
        limit: input.limit + 1,
      });
    },
    /** A song by id, missing or not (as findSong), with the columns a Song is made of. */
    async song(id: string): Promise<SongSource | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
  };
}

export type SongReads = ReturnType<typeof songReads>;
