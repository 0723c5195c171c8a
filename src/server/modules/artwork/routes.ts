import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ARTWORK_SIZES } from '../../../contract/artwork';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../../lib/httpError';
import { etagMatches } from '../../lib/http/ranges';
import { isSessionAlive } from '../auth/sessions';
import { streamCookieClaims } from '../auth/streamCookie';
import type { ModuleOptions } from '../moduleOptions';

const SIZE_MESSAGE = `size must be one of ${ARTWORK_SIZES.join(', ')}`;

const ArtworkParams = z.object({ hash: z.string().max(64) });
const ArtworkQuery = z.object({
  size: z.coerce
    .number(SIZE_MESSAGE)
    .refine((size) => (ARTWORK_SIZES as readonly number[]).includes(size), SIZE_MESSAGE)
    .default(300),
});

/** A year: a hash names one image for ever, so its thumbnails never change. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * GET /api/artwork/:hash?size=64|300|600: a square JPEG thumbnail (docs/api/library.md). Authenticated
 * like the stream route: a Bearer header, or the session's stream cookie (also scoped to /api/artwork)
 * while its session lives, since an img element sends no header.
 */
export const artworkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  const signedIn = async (request: FastifyRequest) => {
    if (request.user) return;
    const claims = await streamCookieClaims(request, app.tokens);
    if (!claims || !(await isSessionAlive(app.db, claims.sessionId, new Date(now())))) throw new HttpError(401, MESSAGES.authenticationRequired);
  };
  const jpeg = z.any().describe('the JPEG thumbnail, size x size');
  const schema = {
    tags: ['library'],
    params: ArtworkParams,
    querystring: ArtworkQuery,
    response: { 200: jpeg, 304: z.null(), ...errorResponses(400, 401, 404) },
  };
  app.get('/artwork/:hash', { preValidation: signedIn, schema }, async (request, reply) => {
    const { hash } = request.params;
    const { size } = request.query;
    const etag = `"${hash}-${size}"`;
    reply.header('cache-control', IMMUTABLE);
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).status(304).send();
    const image = await app.artwork.thumbnailOrFallback(hash, size);
    if (!image) {
      reply.removeHeader('etag');
      reply.removeHeader('cache-control');
      throw new HttpError(404, MESSAGES.notFound);
    }
    // a broken picture answered with its album's fallback: the next listing names the fallback's URL
    if (image.hash !== hash) reply.header('cache-control', 'no-cache').header('etag', `"${image.hash}-${size}"`);
    return reply.type('image/jpeg').send(image.jpeg);
  });
};
