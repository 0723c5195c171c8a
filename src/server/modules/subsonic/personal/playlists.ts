import { sql, type SQL } from 'drizzle-orm';
import { PLAYLIST_MESSAGES } from '../../../../contract/playlists';
import type { Db } from '../../../db/open';
import { HttpError } from '../../../lib/httpError';
import { ownedPlaylist, type PlaylistRow } from '../../playlists/repository';
import type { Child } from '../mapping/child';
import { isUuid } from '../../../lib/uuid';
import { songChildrenWhere } from '../queries/songChildren';
import { artworkHashOf } from '../mapping/coverArt';
import { SUBSONIC_ERROR, SubsonicError } from '../protocol/errors';
import { isoTime } from '../mapping/isoTime';
import { rowsOf } from '../../../db/rowsOf';
import { presentSong } from '../../../library/songs/presentSongs';

/** The OpenSubsonic Playlist (docs/subsonic.md, Personal). */
export interface SubsonicPlaylist {
  id: string;
  name: string;
  comment: string;
  owner: string;
  /** the web app's playlists are private to their owner */
  public: false;
  songCount: number;
  duration: number;
  created: string;
  changed: string;
  coverArt?: string;
}

/** The web app lists at most this many playlists at once too (contract/playlists.ts). */
const PLAYLISTS_MAX = 500;

interface PlaylistViewRow {
  id: string;
  name: string;
  description: string;
  created_at: Date | string;
  updated_at: Date | string;
  song_count: number | string;
  duration_ms: number | string;
  cover_hash: string | null;
}

/**
 * The user's playlists (one, when `playlistId` is given), newest first as in the web app, each
 * with its song count, duration and the artwork of its first song that has one: one query.
 */
export async function playlistViews(db: Db, user: { id: string; username: string }, playlistId?: string): Promise<SubsonicPlaylist[]> {
  const only: SQL = playlistId ? sql`and p.id = ${playlistId}::uuid` : sql``;
  const result = await db.execute(sql`
    select p.id, p.name, p.description, p.created_at, p.updated_at,
      count(s.id)::int as song_count, coalesce(sum(s.duration_ms), 0)::float8 as duration_ms,
      (select s2.artwork_hash from playlist_songs ps2 join songs s2 on s2.id = ps2.song_id
        where ps2.playlist_id = p.id and s2.artwork_hash is not null and ${presentSong('s2')}
        order by ps2.position, ps2.created_at, ps2.id limit 1) as cover_hash
    from playlists p
    left join playlist_songs ps on ps.playlist_id = p.id
    left join songs s on s.id = ps.song_id and ${presentSong('s')}
    where p.user_id = ${user.id} ${only}
    group by p.id
    order by p.created_at desc, p.id desc
    limit ${PLAYLISTS_MAX}`);
  return rowsOf<PlaylistViewRow>(result).map((row) => ({
    id: row.id,
    name: row.name,
    comment: row.description,
    owner: user.username,
    public: false,
    songCount: Number(row.song_count),
    duration: Math.round(Number(row.duration_ms) / 1000),
    created: isoTime(row.created_at),
    changed: isoTime(row.updated_at),
    coverArt: artworkHashOf(row.cover_hash),
  }));
}

/** The web app's most songs in one playlist request (contract/playlists.ts PLAYLIST_ORDER_MAX); a queue's too. */
export const PLAYLIST_SONGS_MAX = 10_000;

/** getPlaylist's answer: the playlist and its songs as Children, in playlist order. */
export async function playlistWithSongs(db: Db, user: { id: string; username: string }, playlistId: string) {
  const [playlist] = isUuid(playlistId) ? await playlistViews(db, user, playlistId) : [];
  if (!playlist) throw new SubsonicError(SUBSONIC_ERROR.notFound, PLAYLIST_MESSAGES.notFound);
  const entry: Child[] = await songChildrenWhere(
    db,
    user.id,
    sql`s.id in (select song_id from playlist_songs where playlist_id = ${playlist.id}::uuid)`,
    sql`(select ps.position from playlist_songs ps where ps.playlist_id = ${playlist.id}::uuid and ps.song_id = s.id), s.id`,
    PLAYLIST_SONGS_MAX,
  );
  return { ...playlist, entry };
}

/** Error 0 when a playlist (or a queue) would hold more songs than the web app accepts in one request. */
export function assertSongCount(count: number): void {
  if (count > PLAYLIST_SONGS_MAX) throw new SubsonicError(SUBSONIC_ERROR.generic, `At most ${PLAYLIST_SONGS_MAX} songs can be sent at once.`);
}

/** The user's own playlist; another user's, a missing or a malformed id is error 70, as the web app's 404. */
export async function ownPlaylist(db: Db, userId: string, playlistId: string): Promise<PlaylistRow> {
  if (!isUuid(playlistId)) throw new SubsonicError(SUBSONIC_ERROR.notFound, PLAYLIST_MESSAGES.notFound);
  try {
    return await ownedPlaylist(db, userId, playlistId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new SubsonicError(SUBSONIC_ERROR.notFound, error.message);
    throw error;
  }
}
