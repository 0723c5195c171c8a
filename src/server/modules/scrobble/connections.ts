import { and, eq } from 'drizzle-orm';
import type { ScrobbleService } from '../../../contract/scrobble';
import type { Db } from '../../db/open';
import { scrobbleConnections } from '../../db/schema';

/** The user's scrobble connections; every query names the user, so no one reaches another's. */

export interface Connection {
  service: ScrobbleService;
  secret: string;
  username: string;
}

export async function userConnections(db: Db, userId: string): Promise<Connection[]> {
  return db
    .select({ service: scrobbleConnections.service, secret: scrobbleConnections.secret, username: scrobbleConnections.username })
    .from(scrobbleConnections)
    .where(and(eq(scrobbleConnections.userId, userId), eq(scrobbleConnections.enabled, true)));
}

export async function userConnection(db: Db, userId: string, service: ScrobbleService): Promise<Connection | undefined> {
  return (await userConnections(db, userId)).find((c) => c.service === service);
}

export async function saveConnection(db: Db, userId: string, service: ScrobbleService, secret: string, username: string, now: Date) {
  await db
    .insert(scrobbleConnections)
    .values({ userId, service, secret, username, enabled: true, createdAt: now })
    .onConflictDoUpdate({ target: [scrobbleConnections.userId, scrobbleConnections.service], set: { secret, username, enabled: true } });
}

export async function deleteConnection(db: Db, userId: string, service: ScrobbleService): Promise<boolean> {
  const gone = await db
    .delete(scrobbleConnections)
    .where(and(eq(scrobbleConnections.userId, userId), eq(scrobbleConnections.service, service)))
    .returning({ service: scrobbleConnections.service });
  return gone.length > 0;
}
