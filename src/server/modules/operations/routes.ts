import { sql } from 'drizzle-orm';
import { HealthResponse, HealthUnavailableResponse, NotReadyResponse, ReadyResponse, type NotReadyReason } from '../../../contract/operations';
import type { Config } from '../../config';
import { DATABASE_RETRY_AFTER_S } from '../../db/unavailable';
import { freeSpaceCheck, LOW_DISK_FREE_BYTES, type StatFs } from '../../lib/freeSpace';
import type { ZodApp } from '../../plugins/zodSchemas';
import { migrationsCheck } from './migrationsDone';

/**
 * GET /api/health, the liveness check: the process answers, and says whether its database does;
 * `disk: 'full'` while a write failed for a full disk within the last minute (lib/diskFull.ts), else
 * `disk: 'low'` with the free bytes under LOW_DISK_FREE_BYTES in DATA_DIR or MEDIA_DIR (lib/freeSpace.ts).
 */
function healthRoute(app: ZodApp, options: OperationsOptions) {
  const schema = { tags: ['health'], response: { 200: HealthResponse, 503: HealthUnavailableResponse } };
  const freeBytes = freeSpaceCheck([options.config.dataDir, options.config.mediaDir], { statfs: options.statfs, now: options.now });
  const diskState = async () => {
    if (app.diskFull.recentlyFull) return { disk: 'full' as const };
    const free = await freeBytes();
    return free !== null && free < LOW_DISK_FREE_BYTES ? { disk: 'low' as const, diskFreeBytes: free } : {};
  };
  app.get('/health', { schema }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'health: database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ success: false, database: 'unavailable', ...(await diskState()) });
    }
    return { success: true as const, database: 'ok' as const, ...(await diskState()) };
  });
}

export interface OperationsOptions {
  config: Config;
  now: () => number;
  /** fs.promises.statfs unless a test fakes a filling disk */
  statfs?: StatFs;
}

/**
 * GET /api/health (above) and GET /api/ready, the readiness check (docs/architecture.md, Operations): 200 when this instance
 * takes traffic, 503 with the reason while it drains or while its database does not answer or
 * lacks this release's migrations. /api/health stays the liveness check.
 */
export async function operationsRoutes(app: ZodApp, options: OperationsOptions) {
  healthRoute(app, options);
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
