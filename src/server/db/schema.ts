import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { songs } from './libraryTables';
import { users } from './userTables';

export { addressLimits, authAttempts, passwordResets, sessions, users, type UserRow } from './userTables';
export { albums, artists, songs, type AlbumRow, type SongLyrics, type SongRow } from './libraryTables';
export { folderImages, generatedArtworks } from './artworkTables';
export { itemRatings, itemStars, playQueues, subsonicApiKeys, subsonicAppPasswords } from './subsonicTables';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    /** normalised title + artist (case, accents, spacing, punctuation); unique, so duplicates cannot race in. */
    normalizedKey: text('normalized_key').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    voteCount: integer('vote_count').notNull().default(0),
    suggestedBy: uuid('suggested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suggestions_normalized_key').on(t.normalizedKey),
    index('suggestions_popular_idx').on(t.voteCount.desc(), t.createdAt, t.id),
    index('suggestions_newest_idx').on(t.createdAt.desc(), t.id),
    index('suggestions_suggested_by_idx').on(t.suggestedBy),
    check('suggestions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const suggestionVotes = pgTable(
  'suggestion_votes',
  {
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.suggestionId, t.userId] }), index('suggestion_votes_user_idx').on(t.userId)],
);

/** The station: a single row (id = 1). The server owns the clock; a restart resumes from here. */
export const radioState = pgTable(
  'radio_state',
  {
    id: smallint('id').primaryKey().default(1),
    isActive: boolean('is_active').notNull().default(false),
    /** id the current track had in the queue (kept so clients can tell items apart) */
    currentItemId: uuid('current_item_id'),
    currentSongId: uuid('current_song_id').references(() => songs.id, { onDelete: 'set null' }),
    currentAddedBy: uuid('current_added_by').references(() => users.id, { onDelete: 'set null' }),
    currentAddedAt: ts('current_added_at'),
    startedAt: ts('started_at'),
    /** where the current track stood when the radio was stopped, to resume from there */
    pausedOffsetMs: integer('paused_offset_ms'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('radio_state_singleton', sql`${t.id} = 1`)],
);

export const radioQueue = pgTable(
  'radio_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [index('radio_queue_position_idx').on(t.position)],
);

export const radioHistory = pgTable(
  'radio_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at').notNull(),
    /** finished, skipped, removed or stopped */
    endReason: text('end_reason').notNull(),
  },
  (t) => [index('radio_history_ended_idx').on(t.endedAt.desc())],
);
