import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { songLibraryColumns } from './libraryTables';

export { albums, artists, type AlbumRow, type SongLyrics } from './libraryTables';
export { folderImages, generatedArtworks } from './artworkTables';
export { itemRatings, itemStars, playQueues, subsonicApiKeys, subsonicAppPasswords } from './subsonicTables';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** privacy (docs/product.md §2.10): off, the server records none of the user's plays, on any device */
    recordListeningHistory: boolean('record_listening_history').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** One row per signed-in device. Tokens name their session; ending it ends them everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** id (jti) of the newest token issued for this session; refresh accepts only it. */
    currentJti: text('current_jti').notNull(),
    /** the token id current before the last rotation: refresh accepts it for a few seconds (two tabs at once). */
    previousJti: text('previous_jti'),
    createdAt: createdAt(),
    refreshedAt: ts('refreshed_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins and reset requests per account, counted across instances (strict per-account limits). */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['login_failure', 'reset_request'] }).notNull(),
    /** the user id, or the normalised login for an unknown account */
    key: text('key').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('auth_attempts_kind_key_at_idx').on(t.kind, t.key, t.at)],
);

/**
 * Per-address request counts of @fastify/rate-limit when several instances share PostgreSQL
 * (rateLimitStore.ts): one row per route and address, its window ending at reset_at.
 */
export const addressLimits = pgTable(
  'address_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('address_limits_reset_at_idx').on(t.resetAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const songs = pgTable(
  'songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    /** Real duration read from the file, in milliseconds (the radio clock needs more than seconds). */
    durationMs: integer('duration_ms').notNull(),
    /** File name inside MEDIA_DIR: a generated id, never a name a user gave. */
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** lower-case, accent-free "title artist": what search matches (trigram index). */
    searchText: text('search_text').notNull(),
    /** lower-case, accent-free title: the stable library order (with id). */
    sortKey: text('sort_key').notNull(),
    /** normalised "title|artist", to link approved suggestions to library songs. */
    matchKey: text('match_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    ...songLibraryColumns(),
  },
  (t) => [
    index('songs_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('songs_sort_idx').on(t.sortKey, t.id),
    index('songs_duration_idx').on(t.durationMs),
    index('songs_match_key_idx').on(t.matchKey),
    uniqueIndex('songs_file_path_key').on(t.filePath),
    index('songs_album_idx').on(t.albumId, t.discNumber, t.trackNumber),
    index('songs_picture_hash_idx').on(t.pictureHash),
    check('songs_source_check', sql`${t.source} in ('demo', 'upload', 'scan')`),
  ],
);

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

export type UserRow = typeof users.$inferSelect;
export type SongRow = typeof songs.$inferSelect;
