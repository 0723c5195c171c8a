import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@wavelength.local';

export type AdminBootstrap =
  | { kind: 'configured'; email: string; created: boolean }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'existing'; email: string };

/**
 * With ADMIN_EMAIL/ADMIN_PASSWORD: create that admin or promote it (its password set to the configured one).
 * Without: on a database with no admin, create admin@wavelength.local with a random password, returned once.
 */
export async function bootstrapAdmin(db: Db, configured?: { email: string; password: string }): Promise<AdminBootstrap> {
  if (configured) {
    const email = configured.email.toLowerCase();
    const passwordHash = await hashPassword(configured.password);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      await db.update(users).set({ role: 'admin', passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      return { kind: 'configured', email, created: false };
    }
    await db.insert(users).values({ username: await freeUsername(db, email.split('@')[0]), email, passwordHash, role: 'admin' });
    return { kind: 'configured', email, created: true };
  }
  const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return { kind: 'existing', email: admin.email };
  const password = randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({ username: 'admin', email: DEFAULT_ADMIN_EMAIL, passwordHash: await hashPassword(password), role: 'admin' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'admin', passwordHash: await hashPassword(password) } });
  return { kind: 'generated', email: DEFAULT_ADMIN_EMAIL, password };
}

async function freeUsername(db: Db, wanted: string): Promise<string> {
  const base = wanted
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 24)
    .padEnd(3, '0');
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i}`;
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (!taken.length) return candidate;
  }
}
