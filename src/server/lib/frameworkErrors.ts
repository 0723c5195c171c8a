import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../contract/messages';
import { PERMISSIONS_POLICY } from './permissionsPolicy';

/**
 * A URL Fastify cannot decode (`/api/%E0%A4%A`) or an over-long parameter is answered before any
 * hook runs, so helmet never sees it and Fastify's own body echoes the path. This answer keeps the
 * app's error shape and carries the security headers itself; an error body needs no resources,
 * hence a CSP stricter than the app's.
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  reply
    .status(400)
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-frame-options', 'DENY')
    .header('permissions-policy', PERMISSIONS_POLICY)
    .send({ success: false, message: MESSAGES.requestFailed(400) });
}
