import type { FastifyRequest } from 'fastify';

/** Who opened a stream connection: a user (by their listen token) or, while the stream is public, nobody in particular. */
export interface ListenerIdentity {
  user: { id: string; username: string } | null;
}

/**
 * Decides whether a stream request may listen (modules/radio/stream/access). Throws an HttpError
 * (401 or 403, with a clear message) when it may not.
 */
export type AuthorizeListener = (request: FastifyRequest) => Promise<ListenerIdentity>;
