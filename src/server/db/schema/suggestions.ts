import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { songs } from './library';
import { users } from './users';

/** Song suggestions and their votes; schema.ts re-exports them. */

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
