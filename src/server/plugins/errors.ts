import fp from 'fastify-plugin';
import { MESSAGES } from '../../contract/messages';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable';
import { DiskFullRecord, isDiskFull } from '../lib/diskFull';
import { HttpError } from '../lib/httpError';
import { multipartHttpError } from '../lib/multipartErrors';
import { validationHttpError } from '../lib/validationErrors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The last write that failed for a full disk (any route): /api/health reports it. */
    diskFull: DiskFullRecord;
  }
}

/**
 * Every error leaves as { success: false, message }; a 500 shows a request id, never internals.
 * A full disk (file system or database) answers 507 with its own message (docs/product.md §8.1).
 */
export const errorsPlugin = fp(
  async (app, options: { now?: () => number }) => {
    app.decorate('diskFull', new DiskFullRecord(options.now ?? Date.now));
    app.setErrorHandler((thrown, request, reply) => {
      const error = multipartHttpError(thrown) ?? validationHttpError(thrown, request) ?? thrown;
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ success: false, message: error.message, ...error.extra });
      }
      const err = error as { statusCode?: number; message?: string; code?: string };
      const status = err.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ success: false, message: MESSAGES.tooManyRequests });
      }
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ success: false, message: err.message ?? MESSAGES.requestFailed(status) });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return reply.status(503).send({ success: false, message: MESSAGES.databaseUnavailable });
      }
      if (isDiskFull(error)) {
        app.diskFull.record();
        request.log.error({ err: error }, 'disk full');
        return reply.status(507).send({ success: false, message: MESSAGES.diskFull });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: MESSAGES.internalError, requestId: request.id });
    });
  },
  { name: 'errors' },
);
