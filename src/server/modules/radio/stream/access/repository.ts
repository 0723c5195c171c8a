import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/open';
import { radioListenTokens, radioState, users } from '../../../../db/schema';

export interface ListenTokenRow {
  nonce: string;
  tokenHash: string;
}

export async function listenTokenRow(db: Db, userId: string): Promise<ListenTokenRow | undefined> {
  const rows = await db
    .select({ nonce: radioListenTokens.nonce, tokenHash: radioListenTokens.tokenHash })
    .from(radioListenTokens)
    .where(eq(radioListenTokens.userId, userId));
  return rows[0];
}

/** The user's one link: a new row, or the old one replaced (which revokes its token). */
export async function saveListenToken(db: Db, userId: string, row: ListenTokenRow, at: Date): Promise<void> {
  await db
    .insert(radioListenTokens)
    .values({ userId, ...row, createdAt: at })
    .onConflictDoUpdate({ target: radioListenTokens.userId, set: { ...row, createdAt: at } });
}

/** Makes the row only when the user has none; answers the row that is there afterwards (two first calls at once agree). */
export async function ensureListenToken(db: Db, userId: string, row: ListenTokenRow, at: Date): Promise<ListenTokenRow> {
  await db
    .insert(radioListenTokens)
    .values({ userId, ...row, createdAt: at })
    .onConflictDoNothing({ target: radioListenTokens.userId });
  const saved = await listenTokenRow(db, userId);
  if (!saved) throw new Error('radio listen token: the row just written is missing');
  return saved;
}

export async function userOfTokenHash(db: Db, tokenHash: string): Promise<{ id: string; username: string } | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(radioListenTokens)
    .innerJoin(users, eq(users.id, radioListenTokens.userId))
    .where(eq(radioListenTokens.tokenHash, tokenHash));
  return rows[0];
}

export async function isStreamPublic(db: Db): Promise<boolean> {
  const rows = await db.select({ streamPublic: radioState.streamPublic }).from(radioState).where(eq(radioState.id, 1));
  return rows[0]?.streamPublic ?? false;
}

export async function setStreamPublic(db: Db, value: boolean): Promise<void> {
  await db.update(radioState).set({ streamPublic: value }).where(eq(radioState.id, 1));
}
