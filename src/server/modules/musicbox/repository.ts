import { sql, type SQL } from 'drizzle-orm';
import type { Suggestion, SuggestionSort, SuggestionStatus } from '../../../contract/musicbox';
import type { Db } from '../../db/open';
import { artworkUrlOf } from '../../library/artwork/hashes';
import { rowsOf } from '../../db/rowsOf';
import { presentSong } from '../../library/songs/presentSongs';

/** A row of the suggestion queries below, before it becomes the API's Suggestion. */
interface SuggestionRow {
  id: string;
  title: string;
  artist: string;
  status: SuggestionStatus;
  vote_count: number;
  has_voted: boolean;
  suggested_by: string;
  username: string;
  song_id: string | null;
  artwork_hash: string | null;
  created_at: Date | string;
}

function toSuggestion(row: SuggestionRow): Suggestion {
  const artworkUrl = artworkUrlOf(row.artwork_hash);
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    status: row.status,
    voteCount: Number(row.vote_count),
    hasVoted: Boolean(row.has_voted),
    suggestedBy: row.suggested_by,
    suggestedByUser: { id: row.suggested_by, username: row.username },
    songId: row.song_id,
    createdAt: new Date(row.created_at).toISOString(),
    ...(artworkUrl ? { artworkUrl } : {}),
  };
}

/**
 * The columns of a Suggestion for the caller `viewerId`: hasVoted is an exists() on the vote's
 * primary key and the suggester comes from a join, so a page is one query, never N+1.
 * An approved suggestion without a stored link still finds a library song added after approval;
 * one that matches a song carries that song's artwork (docs/product.md §5.7).
 */
function selectSuggestions(viewerId: string | null, where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select s.id, s.title, s.artist, s.status, s.vote_count, s.suggested_by, u.username, s.created_at,
      ${viewerId ? sql`exists (select 1 from suggestion_votes v where v.suggestion_id = s.id and v.user_id = ${viewerId})` : sql`false`} as has_voted,
      m.song_id, ls.artwork_hash
    from suggestions s
    cross join lateral (select case when s.status = 'approved'
        then coalesce(s.song_id, (select so.id from songs so where so.match_key = s.normalized_key and ${presentSong('so')} order by so.created_at, so.id limit 1))
      end as song_id) m
    left join songs ls on ls.id = m.song_id
    join users u on u.id = s.suggested_by
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;
}

export const ORDER_BY: Record<SuggestionSort, SQL> = {
  // votes descending, ties oldest first (id makes the order total, so pages never overlap)
  popular: sql`s.vote_count desc, s.created_at asc, s.id asc`,
  newest: sql`s.created_at desc, s.id desc`,
};

export interface ListFilter {
  sort: SuggestionSort;
  page: number;
  limit: number;
  /** already folded with searchKey() */
  search?: string;
  status?: SuggestionStatus;
}

export async function listSuggestions(db: Db, viewerId: string, filter: ListFilter): Promise<{ suggestions: Suggestion[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  // normalized_key is "title|artist" folded like the search term; '|' -> ' ' lets one term span both.
  if (filter.search) conditions.push(sql`replace(s.normalized_key, '|', ' ') like ${`%${filter.search}%`}`);
  if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
  const where = sql.join(conditions, sql` and `);
  const offset = (filter.page - 1) * filter.limit;
  const [rows, count] = await Promise.all([
    db.execute(selectSuggestions(viewerId, where, ORDER_BY[filter.sort], filter.limit, offset)),
    db.execute(sql`select count(*)::int as total from suggestions s where ${where}`),
  ]);
  return { suggestions: rowsOf<SuggestionRow>(rows).map(toSuggestion), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}

export async function findSuggestion(db: Db, viewerId: string | null, id: string): Promise<Suggestion | null> {
  const result = await db.execute(selectSuggestions(viewerId, sql`s.id = ${id}`, sql`s.id`, 1, 0));
  const row = rowsOf<SuggestionRow>(result)[0];
  return row ? toSuggestion(row) : null;
}

export async function findSuggestionByKey(db: Db, viewerId: string, key: string): Promise<Suggestion | null> {
  const result = await db.execute(selectSuggestions(viewerId, sql`s.normalized_key = ${key}`, sql`s.id`, 1, 0));
  const row = rowsOf<SuggestionRow>(result)[0];
  return row ? toSuggestion(row) : null;
}

/**
 * Inserts unless the normalised key exists; the unique index decides, so of any number of
 * simultaneous identical suggestions exactly one gets in. Returns the new id, or null.
 */
export async function insertSuggestion(db: Db, input: { title: string; artist: string; key: string; userId: string; at: Date }): Promise<string | null> {
  const result = await db.execute(sql`
    insert into suggestions (title, artist, normalized_key, suggested_by, created_at)
    values (${input.title}, ${input.artist}, ${input.key}, ${input.userId}, ${input.at.toISOString()})
    on conflict (normalized_key) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

export async function suggestionOwner(db: Db, id: string): Promise<{ suggestedBy: string; status: SuggestionStatus } | null> {
  const result = await db.execute(sql`select suggested_by, status from suggestions where id = ${id}`);
  const row = rowsOf<{ suggested_by: string; status: SuggestionStatus }>(result)[0];
  return row ? { suggestedBy: row.suggested_by, status: row.status } : null;
}

export async function deleteSuggestion(db: Db, id: string): Promise<boolean> {
  const result = await db.execute(sql`delete from suggestions where id = ${id} returning id`);
  return rowsOf(result).length > 0;
}

/**
 * Toggles the caller's vote in one transaction. The suggestion row is locked first, so two
 * toggles of one user (or any votes on one suggestion) run one after the other; vote_count is
 * then recounted from the vote rows, so it always equals them. Null when the suggestion is gone.
 */
/** Flips the caller's vote. */
export function toggleVote(db: Db, suggestionId: string, userId: string) {
  return setVote(db, suggestionId, userId, 'toggle');
}

/**
 * Sets the caller's vote to on, off or the opposite of what it was, in one transaction holding the
 * suggestion's row lock, then recounts, so voteCount always equals the vote rows. null when there
 * is no such suggestion.
 */
export async function setVote(
  db: Db,
  suggestionId: string,
  userId: string,
  want: boolean | 'toggle',
): Promise<{ hasVoted: boolean; voteCount: number } | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from suggestions where id = ${suggestionId} for update`);
    if (rowsOf(locked).length === 0) return null;
    let hasVoted: boolean;
    if (want === true) hasVoted = true;
    else {
      const removed = await tx.execute(sql`delete from suggestion_votes where suggestion_id = ${suggestionId} and user_id = ${userId} returning user_id`);
      hasVoted = want === 'toggle' && rowsOf(removed).length === 0;
    }
    if (hasVoted) {
      await tx.execute(sql`insert into suggestion_votes (suggestion_id, user_id) values (${suggestionId}, ${userId}) on conflict do nothing`);
    }
    const updated = await tx.execute(sql`
      update suggestions
      set vote_count = (select count(*) from suggestion_votes where suggestion_id = ${suggestionId})
      where id = ${suggestionId}
      returning vote_count`);
    return { hasVoted, voteCount: Number(rowsOf<{ vote_count: number }>(updated)[0].vote_count) };
  });
}

/**
 * pending -> approved | rejected, only while pending (the where clause makes a second decision,
 * even a simultaneous one, change nothing). Approval links the library song with the same key.
 * 'missing' when there is no such suggestion, 'decided' when it is no longer pending.
 */
export async function decideSuggestion(
  db: Db,
  input: { id: string; status: 'approved' | 'rejected'; adminId: string; at: Date },
): Promise<'ok' | 'missing' | 'decided'> {
  const linkSong =
    input.status === 'approved'
      ? sql`(select so.id from songs so where so.match_key = suggestions.normalized_key and ${presentSong('so')} order by so.created_at, so.id limit 1)`
      : sql`null`;
  const result = await db.execute(sql`
    update suggestions
    set status = ${input.status}, decided_by = ${input.adminId}, decided_at = ${input.at.toISOString()}, song_id = ${linkSong}
    where id = ${input.id} and status = 'pending'
    returning id`);
  if (rowsOf(result).length > 0) return 'ok';
  const exists = await db.execute(sql`select 1 from suggestions where id = ${input.id}`);
  return rowsOf(exists).length > 0 ? 'decided' : 'missing';
}
