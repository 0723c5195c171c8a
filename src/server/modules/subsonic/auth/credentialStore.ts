import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { subsonicApiKeys, subsonicAppPasswords, users } from '../../../db/schema';
import { loginMatches } from '../../auth/users';
import type { SubsonicUser } from '../method';

const userColumns = { id: users.id, username: users.username, email: users.email, role: users.role };

/** The key's owner and the key's id, or undefined for an unknown (or revoked) key. */
export async function findApiKeyOwner(db: Db, keyHash: string): Promise<{ keyId: string; user: SubsonicUser } | undefined> {
  const [row] = await db
    .select({ keyId: subsonicApiKeys.id, ...userColumns })
    .from(subsonicApiKeys)
    .innerJoin(users, eq(users.id, subsonicApiKeys.userId))
    .where(eq(subsonicApiKeys.keyHash, keyHash))
    .limit(1);
  if (!row) return undefined;
  const { keyId, ...user } = row;
  return { keyId, user };
}

export async function touchApiKey(db: Db, keyId: string, now: Date): Promise<void> {
  await db.update(subsonicApiKeys).set({ lastUsedAt: now }).where(eq(subsonicApiKeys.id, keyId));
}

/** A user found by username or email (either ignoring case), with their encrypted app password if any. */
export async function findUserWithAppPassword(db: Db, login: string): Promise<{ user: SubsonicUser; ciphertext: string | null } | undefined> {
  const [row] = await db
    .select({ ...userColumns, ciphertext: subsonicAppPasswords.ciphertext })
    .from(users)
    .leftJoin(subsonicAppPasswords, eq(subsonicAppPasswords.userId, users.id))
    .where(loginMatches(login))
    .limit(1);
  if (!row) return undefined;
  const { ciphertext, ...user } = row;
  return { user, ciphertext };
}
