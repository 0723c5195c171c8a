import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { songs } from './library';
import { users } from './users';

/**
 * What the Subsonic API keeps beyond the web app's model (docs/subsonic.md): the credentials apps
 * sign in with, ratings, stars on albums and artists (a starred song is a liked song), and each
 * user's saved play queue. schema.ts re-exports these.
 */

/** OpenSubsonic API keys: a user creates, names and revokes them; only the key's SHA-256 is kept. */
export const subsonicApiKeys = pgTable(
  'subsonic_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('subsonic_api_keys_user_idx').on(t.userId, t.createdAt), index('subsonic_api_keys_hash_idx').on(t.keyHash)],
);

/**
 * The app password of token (md5(password + salt)) and plain `p` sign-in. Those schemes need the
 * password itself, and login passwords are scrypt hashes, so this one is kept encrypted with a key
 * derived from the server's secret (AES-256-GCM).
 */
export const subsonicAppPasswords = pgTable('subsonic_app_passwords', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ciphertext: text('ciphertext').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** setRating: 1 to 5 stars on a song, an album or an artist (0 removes the row). */
export const itemRatings = pgTable(
  'item_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind', { enum: ['song', 'album', 'artist'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    rating: smallint('rating').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKind, t.itemId] }),
    check('item_ratings_rating_check', sql`${t.rating} between 1 and 5`),
    check('item_ratings_kind_check', sql`${t.itemKind} in ('song', 'album', 'artist')`),
  ],
);

/** Stars on albums and artists; a star on a song is a row of liked_songs, the web app's like. */
export const itemStars = pgTable(
  'item_stars',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind', { enum: ['album', 'artist'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKind, t.itemId] }),
    index('item_stars_user_time_idx').on(t.userId, t.createdAt),
    check('item_stars_kind_check', sql`${t.itemKind} in ('album', 'artist')`),
  ],
);

/** savePlayQueue: one queue per user, so playback resumes on another device. */
export const playQueues = pgTable('play_queues', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  songIds: uuid('song_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  currentSongId: uuid('current_song_id').references(() => songs.id, { onDelete: 'set null' }),
  positionMs: bigint('position_ms', { mode: 'number' }).notNull().default(0),
  changedBy: text('changed_by').notNull().default(''),
  changedAt: ts('changed_at').notNull().defaultNow(),
});
