import type { FastifyInstance } from 'fastify';
import { deleteOldAttempts } from './attempts';

export const ATTEMPTS_CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Every 10 minutes the app deletes the sign-in and reset attempts no limit counts any more
 * (attempts.ts), off the request path; the timer keeps no process alive and stops when the app closes.
 */
export function cleanUpAttemptsPeriodically(app: FastifyInstance, now: () => number): void {
  const timer = setInterval(() => {
    deleteOldAttempts(app.db, new Date(now())).catch((error: unknown) => app.log.warn({ err: error }, 'deleting old sign-in attempts failed'));
  }, ATTEMPTS_CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
