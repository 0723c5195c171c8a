import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { songs } from './library';
import { users } from './users';

/** The shared radio: the station's one row, its queue and what it played; schema.ts re-exports them. */

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
    /** the live audio stream (modules/radio/stream) plays without a listen link too */
    streamPublic: boolean('stream_public').notNull().default(false),
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

/**
 * Each user's listen link to the live stream (modules/radio/stream/access). The link's token is
 * derived from `nonce` with the server's secret, so it can be shown again without being stored;
 * requests are matched by the token's SHA-256. A new nonce revokes the old link.
 */
export const radioListenTokens = pgTable(
  'radio_listen_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('radio_listen_tokens_hash_key').on(t.tokenHash)],
);
