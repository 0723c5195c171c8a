import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

/**
 * Work the running server does for the admin command line, asked over its control socket
 * (DATA_DIR/run/admin.sock) when it holds the embedded database, which one process opens at a time.
 */
export interface AdminOperation {
  name: string;
  run(context: { database: Database; app: FastifyInstance }, params: Record<string, unknown>): Promise<unknown>;
}
