import { bigint, bigserial, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { songs } from './library';
import { users } from './users';

/** Playlists, liked songs and the plays each user listened to; schema.ts re-exports them. */

export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coverPath: text('cover_path'),
    coverMime: text('cover_mime'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('playlists_user_idx').on(t.userId, t.createdAt)],
);

export const playlistSongs = pgTable(
  'playlist_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('playlist_songs_playlist_song_key').on(t.playlistId, t.songId),
    index('playlist_songs_order_idx').on(t.playlistId, t.position),
    index('playlist_songs_song_idx').on(t.songId),
  ],
);

export const likedSongs = pgTable(
  'liked_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('liked_songs_user_song_key').on(t.userId, t.songId),
    index('liked_songs_user_time_idx').on(t.userId, t.createdAt),
    index('liked_songs_song_idx').on(t.songId),
  ],
);

export const playEvents = pgTable(
  'play_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    playedAt: ts('played_at').notNull().defaultNow(),
    /** where the play started: library, search, liked, playlist, radio, ... */
    source: text('source').notNull().default('library'),
  },
  (t) => [
    index('play_events_song_time_idx').on(t.songId, t.playedAt),
    index('play_events_user_time_idx').on(t.userId, t.playedAt),
    index('play_events_time_idx').on(t.playedAt),
  ],
);

/**
 * Where each user left a song (Subsonic's bookmarks, the resume point of long tracks): one per
 * user and song, with the app's comment; gone with the user or the song.
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    positionMs: bigint('position_ms', { mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.songId] }), index('bookmarks_user_changed_idx').on(t.userId, t.changedAt)],
);
