import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Activity, ProfileCounts } from '../../../contract/profile';
import type { Db } from '../../db/open';
import { likedSongs, playEvents, playlists, songs, suggestions, users, type UserRow } from '../../db/schema';

export async function profileCounts(db: Db, userId: string): Promise<ProfileCounts> {
  const [row] = await db
    .select({
      likedSongs: sql<number>`(select count(*) from ${likedSongs} where ${likedSongs.userId} = ${userId})::int`,
      playlists: sql<number>`(select count(*) from ${playlists} where ${playlists.userId} = ${userId})::int`,
      plays: sql<number>`(select count(*) from ${playEvents} where ${playEvents.userId} = ${userId})::int`,
      suggestions: sql<number>`(select count(*) from ${suggestions} where ${suggestions.suggestedBy} = ${userId})::int`,
    })
    .from(sql`(select 1) as one`);
  return {
    likedSongs: Number(row.likedSongs),
    playlists: Number(row.playlists),
    plays: Number(row.plays),
    suggestions: Number(row.suggestions),
  };
}

export async function usernameTaken(db: Db, username: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptId)));
  return Number(row.n) > 0;
}

export async function emailTaken(db: Db, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)));
  return Number(row.n) > 0;
}

/** The latest plays, likes, playlists and suggestions of the user, merged newest first. */
export async function recentActivities(db: Db, userId: string, limit: number): Promise<Activity[]> {
  const [plays, likes, lists, suggested] = await Promise.all([
    db
      .select({ id: playEvents.id, at: playEvents.playedAt, songId: songs.id, title: songs.title, artist: songs.artist })
      .from(playEvents)
      .innerJoin(songs, eq(songs.id, playEvents.songId))
      .where(eq(playEvents.userId, userId))
      .orderBy(desc(playEvents.playedAt), desc(playEvents.id))
      .limit(limit),
    db
      .select({ id: likedSongs.id, at: likedSongs.createdAt, songId: songs.id, title: songs.title, artist: songs.artist })
      .from(likedSongs)
      .innerJoin(songs, eq(songs.id, likedSongs.songId))
      .where(eq(likedSongs.userId, userId))
      .orderBy(desc(likedSongs.createdAt))
      .limit(limit),
    db
      .select({ id: playlists.id, at: playlists.createdAt, name: playlists.name })
      .from(playlists)
      .where(eq(playlists.userId, userId))
      .orderBy(desc(playlists.createdAt))
      .limit(limit),
    db
      .select({ id: suggestions.id, at: suggestions.createdAt, title: suggestions.title, artist: suggestions.artist, status: suggestions.status })
      .from(suggestions)
      .where(eq(suggestions.suggestedBy, userId))
      .orderBy(desc(suggestions.createdAt))
      .limit(limit),
  ]);
  const all: Activity[] = [
    ...plays.map((p) => ({ type: 'play' as const, id: `play:${p.id}`, at: p.at.toISOString(), title: p.title, detail: p.artist, songId: p.songId })),
    ...likes.map((l) => ({ type: 'like' as const, id: `like:${l.id}`, at: l.at.toISOString(), title: l.title, detail: l.artist, songId: l.songId })),
    ...lists.map((l) => ({ type: 'playlist' as const, id: `playlist:${l.id}`, at: l.at.toISOString(), title: l.name, detail: '', playlistId: l.id })),
    ...suggested.map((s) => ({
      type: 'suggestion' as const,
      id: `suggestion:${s.id}`,
      at: s.at.toISOString(),
      title: `${s.title} — ${s.artist}`,
      detail: s.status,
    })),
  ];
  return all.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}

/** Writes the changed fields; the unique indexes on username and email have the last word. */
export async function updateUser(db: Db, userId: string, changes: { username?: string; email?: string }, now: Date): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
