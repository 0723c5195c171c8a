import type { Database } from '../db/open';
import type { CliTarget } from './command';

/**
 * One piece of admin work on the chosen target: the server's operation of that name over its
 * control socket, or `here` on the database this process opened. Both run the same code
 * (src/server/startup/admin/operations.ts names what `here` calls) and answer the same JSON.
 */
export function perform<T>(target: CliTarget, operation: string, params: Record<string, unknown>, here: (database: Database) => Promise<T>): Promise<T> {
  return target.kind === 'server' ? (target.call(operation, params) as Promise<T>) : here(target.database);
}
