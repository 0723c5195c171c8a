import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

/**
 * Scrobbling (docs/product.md §5.10): each user's connections to ListenBrainz and Last.fm, and the
 * durable queue of listens still to send. schema.ts re-exports these.
 */

/** One row per user and service: the ListenBrainz token or the Last.fm session key, and the name the service knows. */
export const scrobbleConnections = pgTable(
  'scrobble_connections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service', { enum: ['listenbrainz', 'lastfm'] }).notNull(),
    /** the ListenBrainz user token, or the Last.fm session key */
    secret: text('secret').notNull(),
    username: text('username').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.service] })],
);

/** What a queued listen says about its song, copied when it was heard: a song deleted since still scrobbles. */
export interface ScrobbleTrack {
  artist: string;
  title: string;
  album: string | null;
  durationMs: number | null;
  trackNumber: number | null;
  /** MusicBrainz ids when the tags had them */
  recordingMbid?: string | null;
  releaseMbid?: string | null;
  artistMbids?: string[];
}

/**
 * Listens waiting to reach a service: sent per user and service in listened order (listened_at, then
 * id), retried after `next_attempt_at`, deleted once the service took them or refused them for good.
 */
export const scrobbleQueue = pgTable(
  'scrobble_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service', { enum: ['listenbrainz', 'lastfm'] }).notNull(),
    track: jsonb('track').$type<ScrobbleTrack>().notNull(),
    listenedAt: ts('listened_at').notNull(),
    /** false for the radio's listens: the station chose the song, not the user */
    chosenByUser: boolean('chosen_by_user').notNull().default(true),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('scrobble_queue_due_idx').on(t.nextAttemptAt), index('scrobble_queue_user_order_idx').on(t.userId, t.service, t.listenedAt, t.id)],
);
