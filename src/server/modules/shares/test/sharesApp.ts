/** The app the share tests use: an owner, another user, an album of three songs with files, a loose song, a playlist. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { albums, generatedArtworks, songs, type SongRow } from '../../../db/schema';
import { placeholderHash } from '../../../library/artwork/hashes';
import { insertSong, writeMediaFile } from '../../../library/test/songFixtures';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/testApp';

export interface SharesFixture {
  t: TestApp;
  owner: TestUser;
  other: TestUser;
  albumId: string;
  /** the album's three songs, in track order */
  albumSongs: SongRow[];
  /** a song on no shared album */
  loose: SongRow;
  /** a playlist of the owner's holding albumSongs[0] and loose */
  playlistId: string;
  /** a playlist of the other user's, holding albumSongs[2] */
  othersPlaylistId: string;
  /** the artwork hash of the album, and of the loose song */
  albumArt: string;
  looseArt: string;
  bytes: Buffer;
}

export const BYTES = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 13) % 256));

async function songWithFile(t: TestApp, title: string, extra: Partial<SongRow> = {}): Promise<SongRow> {
  const name = await writeMediaFile(t.config.mediaDir, BYTES, 'wav');
  const row = await insertSong(t.app.db, { title, artist: 'Share Artist', durationMs: 30_000, path: name, mimeType: 'audio/wav', sizeBytes: BYTES.length });
  const [updated] = await t.app.db.update(songs).set(extra).where(eq(songs.id, row.id)).returning();
  return updated;
}

export async function sharesFixture(): Promise<SharesFixture> {
  const t = await createTestApp();
  const owner = await createUser(t);
  const other = await createUser(t);
  // generated artwork: real thumbnails drawn from a label, no image file needed
  const labels = [`Shared Album ${randomUUID()}`, `Loose Song ${randomUUID()}`];
  const [albumArt, looseArt] = labels.map(placeholderHash);
  await t.app.db.insert(generatedArtworks).values(labels.map((label) => ({ hash: placeholderHash(label), label })));
  const [album] = await t.app.db
    .insert(albums)
    .values({ name: 'Shared Album', albumArtist: 'Share Artist', groupKey: `share|${randomUUID()}`, sortKey: 'shared album', artworkHash: albumArt })
    .returning();
  const albumSongs: SongRow[] = [];
  for (const n of [1, 2, 3]) {
    albumSongs.push(
      await songWithFile(t, `Album Track ${n}`, { albumId: album.id, album: 'Shared Album', trackNumber: n, artworkHash: albumArt, source: 'upload' }),
    );
  }
  const loose = await songWithFile(t, 'Loose Song', { artworkHash: looseArt });
  const playlistId = await makePlaylist(t, owner, 'Road Trip', [albumSongs[0].id, loose.id]);
  const othersPlaylistId = await makePlaylist(t, other, 'Secret', [albumSongs[2].id]);
  return { t, owner, other, albumId: album.id, albumSongs, loose, playlistId, othersPlaylistId, albumArt, looseArt, bytes: BYTES };
}

export async function makePlaylist(t: TestApp, user: TestUser, name: string, songIds: string[]): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: user.headers, payload: { name, description: '' } });
  const id = created.json().playlist.id as string;
  for (const songId of songIds) {
    const added = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: user.headers, payload: { songId } });
    if (added.statusCode >= 300) throw new Error(`adding a song to a playlist: ${added.statusCode} ${added.body}`);
  }
  return id;
}

export interface ShareJson {
  id: string;
  kind: string;
  url: string;
  name: string;
  description: string;
  expiresAt: string | null;
  expired: boolean;
  downloadable: boolean;
  visitCount: number;
}

/** POST /api/shares as `user`; throws unless created. */
export async function createShareOf(t: TestApp, user: TestUser, body: Record<string, unknown>): Promise<ShareJson> {
  const res = await t.app.inject({ method: 'POST', url: '/api/shares', headers: user.headers, payload: body });
  if (res.statusCode !== 201) throw new Error(`create share: ${res.statusCode} ${res.body}`);
  return res.json().share as ShareJson;
}
