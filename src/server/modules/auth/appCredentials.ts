import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { subsonicApiKeys, subsonicAppPasswords } from '../../db/schema';

export interface RevokedAppCredentials {
  appPassword: boolean;
  apiKeys: number;
}

/**
 * Deletes the user's Subsonic app password and every API key (docs/product.md §2.13), as a password
 * reset and "set password, sign out everywhere" do: a credential made with a stolen token or a
 * stolen password must not outlive the password. Answers what was there, so the owner can be told.
 */
export async function revokeAppCredentials(db: Db, userId: string): Promise<RevokedAppCredentials> {
  return db.transaction(async (tx) => {
    const [keys] = await tx.select({ n: count() }).from(subsonicApiKeys).where(eq(subsonicApiKeys.userId, userId));
    await tx.delete(subsonicApiKeys).where(eq(subsonicApiKeys.userId, userId));
    const passwords = await tx.delete(subsonicAppPasswords).where(eq(subsonicAppPasswords.userId, userId)).returning({ userId: subsonicAppPasswords.userId });
    return { appPassword: passwords.length > 0, apiKeys: Number(keys?.n ?? 0) };
  });
}
