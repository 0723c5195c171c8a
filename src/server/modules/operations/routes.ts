import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { NotReadyResponse, ReadyResponse, type NotReadyReason } from '../../../contract/operations';
import { DATABASE_RETRY_AFTER_S } from '../../db/unavailable';
import type { ZodApp } from '../../plugins/zodSchemas';
import { migrationsCheck } from './migrationsDone';

/** GET /api/health, the liveness check: the process answers, and says whether its database does. */
function healthRoute(app: ZodApp) {
  const schema = {
    tags: ['health'],
    response: {
      200: z.object({ success: z.literal(true), database: z.literal('ok') }),
      503: z.object({ success: z.literal(false), database: z.literal('unavailable') }),
    },
  };
  app.get('/health', { schema }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'health: database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ success: false, database: 'unavailable' });
    }
    return { success: true as const, database: 'ok' as const };
  });
}

/**
 * GET /api/health (above) and GET /api/ready, the readiness check (docs/architecture.md, Operations): 200 when this instance
 * takes traffic, 503 with the reason while it drains or while its database does not answer or
 * lacks this release's migrations. /api/health stays the liveness check.
 */
export async function operationsRoutes(app: ZodApp) {
  healthRoute(app);
  const migrationsDone = migrationsCheck(app.db);
  const schema = { tags: ['health'], response: { 200: ReadyResponse, 503: NotReadyResponse } };
  app.get('/ready', { schema }, async (request, reply) => {
    const notReady = (reason: NotReadyReason) => {
      if (reason !== 'draining') reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send({ success: false, reason });
    };
    if (app.drain.draining) return notReady('draining');
    let migrated: boolean;
    try {
      await app.db.execute(sql`select 1`);
      migrated = await migrationsDone();
    } catch (error) {
      request.log.warn({ err: error }, 'ready: database unavailable');
      return notReady('database unavailable');
    }
    if (!migrated) return notReady('migrations pending');
    return { success: true as const, database: 'ok' as const, migrations: 'done' as const };
  });
}
