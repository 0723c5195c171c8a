import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable';

export interface RetryOptions {
  /** give up after this long (the last wait is cut to fit) */
  timeoutMs: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export class DatabaseUnreachableError extends Error {}

/**
 * Calls connect until it succeeds, retrying with doubling waits while the database is unreachable
 * (a server still starting, a container not up yet) for at most timeoutMs. Errors that retrying
 * cannot fix (wrong password, no such database) are thrown at once.
 */
export async function connectWithRetry<T>(connect: () => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + options.timeoutMs;
  let delay = options.firstDelayMs ?? 1_000;
  for (;;) {
    try {
      return await connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = describeDatabaseError(error);
      const left = deadline - now();
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `database not reachable after ${Math.round(options.timeoutMs / 1000)} s (${reason}); check DATABASE_URL and that PostgreSQL is running`,
        );
      }
      const wait = Math.min(delay, left);
      options.log(`database not reachable (${reason}), retrying in ${formatSeconds(wait)}`);
      await sleep(wait);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  }
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
