import { and, eq, inArray } from 'drizzle-orm';
import type { ScrobbleService } from '../../../contract/scrobble';
import type { Db } from '../../db/open';
import { scrobbleConnections, users } from '../../db/schema';
import type { SecretCipher } from '../../lib/secretCipher';

/**
 * The users' scrobble connections. Every query names the user, so no one reaches another's; the
 * token or session key is stored encrypted (docs/decisions/scrobbling.md), and one made under
 * another server secret counts as no connection (Settings asks for it again).
 */
export interface Connection {
  userId: string;
  service: ScrobbleService;
  secret: string;
  username: string;
}

export function createConnectionStore(db: Db, cipher: SecretCipher) {
  const columns = {
    userId: scrobbleConnections.userId,
    service: scrobbleConnections.service,
    ciphertext: scrobbleConnections.secret,
    username: scrobbleConnections.username,
  };
  const readable = (rows: { userId: string; service: ScrobbleService; ciphertext: string; username: string }[]): Connection[] =>
    rows.flatMap(({ ciphertext, ...row }) => {
      const secret = cipher.decrypt(ciphertext);
      return secret === null ? [] : [{ ...row, secret }];
    });

  async function list(userId: string): Promise<Connection[]> {
    return readable(
      await db
        .select(columns)
        .from(scrobbleConnections)
        .where(and(eq(scrobbleConnections.userId, userId), eq(scrobbleConnections.enabled, true))),
    );
  }

  return {
    list,
    /** The connections of those of `userIds` who record their listening history: one query for a whole radio audience. */
    async recording(userIds: string[]): Promise<Connection[]> {
      if (userIds.length === 0) return [];
      return readable(
        await db
          .select(columns)
          .from(scrobbleConnections)
          .innerJoin(users, eq(users.id, scrobbleConnections.userId))
          .where(and(inArray(scrobbleConnections.userId, userIds), eq(scrobbleConnections.enabled, true), eq(users.recordListeningHistory, true))),
      );
    },
    async get(userId: string, service: ScrobbleService): Promise<Connection | undefined> {
      return (await list(userId)).find((c) => c.service === service);
    },
    async save(userId: string, service: ScrobbleService, secret: string, username: string, now: Date) {
      const ciphertext = cipher.encrypt(secret);
      await db
        .insert(scrobbleConnections)
        .values({ userId, service, secret: ciphertext, username, enabled: true, createdAt: now })
        .onConflictDoUpdate({ target: [scrobbleConnections.userId, scrobbleConnections.service], set: { secret: ciphertext, username, enabled: true } });
    },
    async remove(userId: string, service: ScrobbleService): Promise<boolean> {
      const gone = await db
        .delete(scrobbleConnections)
        .where(and(eq(scrobbleConnections.userId, userId), eq(scrobbleConnections.service, service)))
        .returning({ service: scrobbleConnections.service });
      return gone.length > 0;
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
