import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';

export interface SeedSize {
  users: number;
  songs: number;
  /** songs per user's one playlist */
  playlistSongs: number;
  likes: number;
  plays: number;
}

/** ~4k rows, and ~150k rows (a large personal library with a year of plays). */
export const SMALL: SeedSize = { users: 20, songs: 1500, playlistSongs: 50, likes: 500, plays: 1000 };
export const LARGE: SeedSize = { users: 200, songs: 30_000, playlistSongs: 100, likes: 20_000, plays: 80_000 };

export function rowCount(size: SeedSize): number {
  return size.users * 2 + size.songs + size.users * size.playlistSongs + size.likes + size.plays;
}

/** Fills a migrated database with users, songs, a playlist each, likes and plays (set-based SQL, seconds not minutes). */
export async function seedLibrary(database: Database, size: SeedSize): Promise<void> {
  const run = (text: string) => database.db.execute(sql.raw(text));
  await run(
    `insert into users (username, email, password_hash) select 'user' || g, 'user' || g || '@bench.test', 'scrypt$bench' from generate_series(1, ${size.users}) g`,
  );
  await run(`insert into songs (title, artist, duration_ms, path, mime_type, size_bytes, search_text, sort_key, match_key, genres, artists, source)
    select 'Song ' || g, 'Artist ' || (g % 400), 120000 + g, 'bench-' || g || '.mp3', 'audio/mpeg', 4000000 + g, 'song ' || g || ' artist ' || (g % 400),
           'song ' || g, 'song ' || g || '|artist ' || (g % 400), array['Rock', 'Genre ' || (g % 30)], array['Artist ' || (g % 400)], 'upload'
      from generate_series(1, ${size.songs}) g`);
  await run(`insert into playlists (user_id, name, description) select id, 'Playlist of ' || username, 'mixed' from users`);
  const arrays = `with u as (select array_agg(id order by id) a from users), s as (select array_agg(id order by id) a from songs)`;
  await run(`${arrays}, p as (select id, row_number() over (order by id) n from playlists)
    insert into playlist_songs (playlist_id, song_id, position)
    select p.id, s.a[1 + ((p.n * 37 + k) % cardinality(s.a))], k from p, s, generate_series(0, ${size.playlistSongs - 1}) k`);
  await run(`${arrays} insert into liked_songs (user_id, song_id)
    select u.a[1 + g % cardinality(u.a)], s.a[1 + (g * 7) % cardinality(s.a)] from u, s, generate_series(1, ${size.likes}) g on conflict do nothing`);
  await run(`${arrays} insert into play_events (user_id, song_id, played_at, source)
    select u.a[1 + g % cardinality(u.a)], s.a[1 + (g * 7919) % cardinality(s.a)], now() - g * interval '37 seconds', 'library' from u, s, generate_series(1, ${size.plays}) g`);
}
