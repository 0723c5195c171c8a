import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../../lib/httpError';
import { bearerToken } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { AppMetrics } from './registry';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `given` is the token, in a time that does not depend on where they differ. */
export function tokenMatches(given: string | undefined, token: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format, only with `Authorization: Bearer <METRICS_TOKEN>`
 * (401 otherwise); without METRICS_TOKEN there are no metrics and the path is a 404. Register it
 * before the routes: the latency hook applies to the routes added after it.
 */
export const metricsPlugin = fp<{ token?: string }>(
  async (app, { token }) => {
    // prom-client is loaded only when metrics are on (the footprint of a server without them stays as it was)
    const metrics: AppMetrics | null = token ? (await import('./registry')).createAppMetrics(app) : null;
    if (metrics) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
        metrics.requests.observe(labels, reply.elapsedTime / 1000);
      });
    }
    const schema = {
      tags: ['operations'],
      security: [{ bearer: [] }],
      response: { 200: z.string().describe('Prometheus text format 0.0.4'), ...errorResponses(401, 404) },
    };
    (app as unknown as ZodApp).get(METRICS_PATH, { schema }, async (request, reply) => {
      if (!metrics || !token) throw new HttpError(404, MESSAGES.notFound);
      if (!tokenMatches(bearerToken(request), token)) throw new HttpError(401, MESSAGES.authenticationRequired);
      const body = await metrics.registry.metrics();
      return reply
        .type(metrics.registry.contentType)
        .serializer((payload: string) => payload)
        .send(body);
    });
  },
  { name: 'metrics', dependencies: ['database', 'radio', 'library'] },
);
