import { and, asc, count, eq } from 'drizzle-orm';
import type { ApiKeySummary } from '../../../../contract/subsonic';
import type { Db } from '../../../db/open';
import { subsonicApiKeys, subsonicAppPasswords } from '../../../db/schema';

const summaryColumns = { id: subsonicApiKeys.id, name: subsonicApiKeys.name, createdAt: subsonicApiKeys.createdAt, lastUsedAt: subsonicApiKeys.lastUsedAt };

function toSummary(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeySummary {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(subsonicApiKeys)
    .where(eq(subsonicApiKeys.userId, userId))
    .orderBy(asc(subsonicApiKeys.createdAt), asc(subsonicApiKeys.id));
  return rows.map(toSummary);
}

export async function countApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subsonicApiKeys).where(eq(subsonicApiKeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertApiKey(db: Db, userId: string, name: string, keyHash: string, now: Date): Promise<ApiKeySummary> {
  const [row] = await db.insert(subsonicApiKeys).values({ userId, name, keyHash, createdAt: now }).returning(summaryColumns);
  return toSummary(row);
}

/** Whether the user had this key (another user's key is "not found", never deleted). */
export async function deleteApiKey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(subsonicApiKeys)
    .where(and(eq(subsonicApiKeys.id, id), eq(subsonicApiKeys.userId, userId)))
    .returning({ id: subsonicApiKeys.id });
  return rows.length > 0;
}

export async function appPasswordRow(db: Db, userId: string): Promise<{ ciphertext: string; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ ciphertext: subsonicAppPasswords.ciphertext, updatedAt: subsonicAppPasswords.updatedAt })
    .from(subsonicAppPasswords)
    .where(eq(subsonicAppPasswords.userId, userId));
  return row;
}

export async function saveAppPassword(db: Db, userId: string, ciphertext: string, now: Date): Promise<void> {
  await db
    .insert(subsonicAppPasswords)
    .values({ userId, ciphertext, updatedAt: now })
    .onConflictDoUpdate({ target: subsonicAppPasswords.userId, set: { ciphertext, updatedAt: now } });
}

export async function deleteAppPassword(db: Db, userId: string): Promise<void> {
  await db.delete(subsonicAppPasswords).where(eq(subsonicAppPasswords.userId, userId));
}
