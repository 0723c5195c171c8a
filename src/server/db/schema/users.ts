import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

/** Accounts, their sessions, sign-in limits and password resets; schema.ts re-exports them. */

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

export type UserRow = typeof users.$inferSelect;
