import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

/**
 * Share links (docs/product.md §3.1 Share, docs/decisions/shares.md): a public, unguessable link to
 * some songs, an album or a playlist of one user. Revoking deletes the row. `itemIds` holds the
 * shared songs' ids (one or more), or the one album's or playlist's id: an album or a playlist is
 * read at each visit, so a playlist shares the songs it holds then, never others.
 */
export const shares = pgTable(
  'shares',
  {
    /** 22 base64url characters of crypto.randomBytes(16) (128 bits): the link's only secret */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['song', 'album', 'playlist'] }).notNull(),
    itemIds: uuid('item_ids').array().notNull(),
    description: text('description').notNull().default(''),
    /** null: never expires */
    expiresAt: ts('expires_at'),
    downloadable: boolean('downloadable').notNull().default(false),
    visitCount: integer('visit_count').notNull().default(0),
    lastVisitedAt: ts('last_visited_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shares_user_idx').on(t.userId, t.createdAt),
    check('shares_kind_check', sql`${t.kind} in ('song', 'album', 'playlist')`),
    check('shares_items_check', sql`cardinality(${t.itemIds}) >= 1`),
  ],
);

export type ShareRow = typeof shares.$inferSelect;
