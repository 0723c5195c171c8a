import type { FastifyRequest } from 'fastify';
import { HttpError, issueMessage } from './httpError';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a route answers path parameters its schema refuses. Default: 404 with the schema's
     * message (a malformed id names nothing, like a missing one).
     */
    invalidParams?: { status?: number; message?: string };
  }
}

interface SchemaIssue {
  instancePath?: string;
  message?: string;
}

/**
 * The HttpError for a request its route's schema refused (Fastify's error.validation), or null for
 * any other error: the first problem, as the handlers' parseInput used to word it.
 */
export function validationHttpError(error: unknown, request: FastifyRequest): HttpError | null {
  const failed = error as { validation?: SchemaIssue[]; validationContext?: string };
  if (!Array.isArray(failed.validation) || failed.validation.length === 0) return null;
  const issue = failed.validation[0];
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = issueMessage(path, issue.message ?? 'Invalid input');
  if (failed.validationContext === 'params') {
    const invalid = request.routeOptions.config.invalidParams;
    return new HttpError(invalid?.status ?? 404, invalid?.message ?? message);
  }
  return new HttpError(400, message);
}
