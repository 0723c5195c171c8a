import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { passwordResets } from '../../db/schema';

/** A reset link works once, for one hour. */
export const RESET_TTL_MS = 60 * 60_000;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random 32-byte token; only its sha256 is stored. */
export async function createResetToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ userId, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  return token;
}

/**
 * Uses up a live reset token and every other open one of its user; returns the user id, or null
 * when the token is unknown, used or expired. One UPDATE, so two clicks cannot both succeed.
 */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, hashResetToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  if (!row) return null;
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
  return row.userId;
}
