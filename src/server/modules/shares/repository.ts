import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ShareKind } from '../../../contract/shares';
import type { Db } from '../../db/open';
import { albums, playlists, playlistSongs, shares, songs, users, type ShareRow } from '../../db/schema';
import { presentSongs } from '../../library/songs/presentSongs';

/*
 * The shares table's reads and writes (docs/decisions/shares.md). The owner's calls always name the
 * owner; the public calls read a share only while it lives (not expired; revoking deletes it).
 */

export interface NewShare {
  id: string;
  userId: string;
  kind: ShareKind;
  itemIds: string[];
  description: string;
  expiresAt: Date | null;
  downloadable: boolean;
}

export async function insertShare(db: Db, share: NewShare, now: Date): Promise<ShareRow> {
  const [row] = await db
    .insert(shares)
    .values({ ...share, createdAt: now })
    .returning();
  return row;
}

/** The user's shares, newest first (the web app's list and Subsonic's getShares). */
export async function sharesOf(db: Db, userId: string): Promise<ShareRow[]> {
  return db.select().from(shares).where(eq(shares.userId, userId)).orderBy(desc(shares.createdAt), desc(shares.id));
}

/** The share if the user owns it; another user's share is not there, as an unknown one. */
export async function ownShare(db: Db, userId: string, id: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), eq(shares.userId, userId)))
    .limit(1);
  return row;
}

export async function updateShare(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<ShareRow, 'description' | 'expiresAt' | 'downloadable'>>,
): Promise<ShareRow | undefined> {
  if (Object.keys(changes).length === 0) return ownShare(db, userId, id);
  const [row] = await db
    .update(shares)
    .set(changes)
    .where(and(eq(shares.id, id), eq(shares.userId, userId)))
    .returning();
  return row;
}

/** Revoking: the row goes, and with it every link to it. */
export async function deleteShare(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(shares)
    .where(and(eq(shares.id, id), eq(shares.userId, userId)))
    .returning({ id: shares.id });
  return rows.length > 0;
}

const alive = (now: Date) => or(isNull(shares.expiresAt), gt(shares.expiresAt, now));

/** The share while it lives: unknown, expired and revoked are all undefined. */
export async function liveShare(db: Db, id: string, now: Date): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), alive(now)))
    .limit(1);
  return row;
}

/** liveShare that counts the visit in the same statement (the public page's info, not its streams). */
export async function visitShare(db: Db, id: string, now: Date): Promise<ShareRow | undefined> {
  const [row] = await db
    .update(shares)
    .set({ visitCount: sql`${shares.visitCount} + 1`, lastVisitedAt: now })
    .where(and(eq(shares.id, id), alive(now)))
    .returning();
  return row;
}

export async function ownerName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? '';
}

/** The columns of a shared track: what the public page shows and the stream needs. */
const trackColumns = {
  id: songs.id,
  title: songs.title,
  artist: songs.artist,
  album: songs.album,
  albumId: songs.albumId,
  durationMs: songs.durationMs,
  artworkHash: songs.artworkHash,
};
export type SharedTrack = {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  albumId: string | null;
  durationMs: number;
  artworkHash: string | null;
};

/**
 * The share's present songs, now: the songs it names, the album's songs by disc and track, or the
 * playlist's songs in its order (only those it holds at this moment: docs/decisions/shares.md).
 * `onlySongId` narrows to one song, the membership check of every stream, download and artwork.
 */
export async function sharedTracks(db: Db, share: Pick<ShareRow, 'kind' | 'itemIds'>, onlySongId?: string): Promise<SharedTrack[]> {
  const only = onlySongId === undefined ? undefined : eq(songs.id, onlySongId);
  if (share.kind === 'song') {
    const rows = await db
      .select(trackColumns)
      .from(songs)
      .where(and(inArray(songs.id, share.itemIds), presentSongs, only));
    const order = new Map(share.itemIds.map((id, i) => [id, i]));
    return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }
  if (share.kind === 'album') {
    return db
      .select(trackColumns)
      .from(songs)
      .where(and(eq(songs.albumId, share.itemIds[0]), presentSongs, only))
      .orderBy(asc(sql`coalesce(${songs.discNumber}, 0)`), asc(sql`coalesce(${songs.trackNumber}, 0)`), asc(songs.sortKey), asc(songs.id));
  }
  return db
    .select(trackColumns)
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .where(and(eq(playlistSongs.playlistId, share.itemIds[0]), presentSongs, only))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt), asc(playlistSongs.id));
}

export interface SharedThing {
  name: string;
  artworkHash: string | null;
}

/**
 * What the share names, or null when it is gone (a deleted playlist, an album a scan removed, songs
 * all gone). A playlist counts only while its owner still owns it: the share's owner.
 */
export async function sharedThing(db: Db, share: Pick<ShareRow, 'kind' | 'itemIds' | 'userId'>): Promise<SharedThing | null> {
  if (share.kind === 'album') {
    const [row] = await db.select({ name: albums.name, artworkHash: albums.artworkHash }).from(albums).where(eq(albums.id, share.itemIds[0])).limit(1);
    return row ?? null;
  }
  if (share.kind === 'playlist') {
    const [row] = await db
      .select({ name: playlists.name })
      .from(playlists)
      .where(and(eq(playlists.id, share.itemIds[0]), eq(playlists.userId, share.userId)))
      .limit(1);
    return row ? { name: row.name, artworkHash: null } : null;
  }
  const rows = await db
    .select({ id: songs.id, title: songs.title, artworkHash: songs.artworkHash })
    .from(songs)
    .where(and(inArray(songs.id, share.itemIds), presentSongs));
  const first = share.itemIds.map((id) => rows.find((r) => r.id === id)).find((r) => r !== undefined);
  if (!first) return null;
  const more = rows.length - 1;
  return { name: more > 0 ? `${first.title} + ${more} more` : first.title, artworkHash: first.artworkHash };
}

/** The ids among `ids` of present songs (a song share may name only these). */
export async function presentSongIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, ids), presentSongs));
  return new Set(rows.map((r) => r.id));
}

export async function albumExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: albums.id }).from(albums).where(eq(albums.id, id)).limit(1);
  return row !== undefined;
}

/** Only the owner may share a playlist (playlists are private: docs/product.md §6). */
export async function ownsPlaylist(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Which kind of thing an id names, for Subsonic's createShare (whose ids do not say). */
export async function kindOfId(db: Db, userId: string, id: string): Promise<ShareKind | null> {
  if ((await presentSongIds(db, [id])).size > 0) return 'song';
  if (await albumExists(db, id)) return 'album';
  if (await ownsPlaylist(db, userId, id)) return 'playlist';
  return null;
}
