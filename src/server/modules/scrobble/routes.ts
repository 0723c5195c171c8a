import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import {
  ListenBrainzTokenBody,
  ListenedBody,
  ListenedResponse,
  NowPlayingBody,
  ScrobbleConnectionsResponse,
  ScrobbleServiceParams,
} from '../../../contract/scrobble';
import { SCROBBLE_MESSAGES } from '../../../contract/scrobbleMessages';
import { HttpError } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { dropPair, queueCounts } from './queue';

const tags = ['scrobble'];
/** Last.fm takes scrobbles up to 14 days old (ListenBrainz has no limit): a listen sent late (made offline) keeps its time within them. */
export const MAX_LISTEN_AGE_DAYS = 14;

/** When a listen began: a start in the future is now (clock skew); one older than MAX_LISTEN_AGE_DAYS is refused. */
function listenStart(startedAt: string | undefined, now: number): Date {
  const at = startedAt ? Date.parse(startedAt) : now;
  if (at < now - MAX_LISTEN_AGE_DAYS * 24 * 60 * 60_000)
    throw new HttpError(400, `startedAt: a listen older than ${MAX_LISTEN_AGE_DAYS} days cannot be scrobbled`);
  return new Date(Math.min(at, now));
}

/** docs/product.md §7.11 Scrobbling: every route is the signed-in user's own (Last.fm's are in lastfmRoutes.ts). */
export const scrobbleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  async function connectionsOf(userId: string) {
    const [connections, counts] = await Promise.all([app.scrobble.connections.list(userId), queueCounts(app.db, userId)]);
    return {
      success: true as const,
      connections: connections.map((c) => ({ service: c.service, username: c.username, pending: 0, failing: 0, ...counts.get(c.service) })),
      lastfmAvailable: app.scrobble.lastfm !== null,
    };
  }

  const listSchema = { tags, response: { 200: ScrobbleConnectionsResponse, ...errorResponses(401) } };
  app.get('/scrobble/connections', { preValidation: requireUser, schema: listSchema }, async (request) => connectionsOf(currentUser(request).id));

  const tokenSchema = { tags, body: ListenBrainzTokenBody, response: { 200: ScrobbleConnectionsResponse, ...errorResponses(400, 401, 502) } };
  app.put('/scrobble/listenbrainz', { preValidation: requireUser, schema: tokenSchema }, async (request) => {
    const userId = currentUser(request).id;
    let username: string | null;
    try {
      username = await app.scrobble.listenBrainz.validateToken(request.body.token);
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'scrobble: ListenBrainz could not check a token');
      throw new HttpError(502, SCROBBLE_MESSAGES.listenBrainzUnreachable);
    }
    if (!username) throw new HttpError(400, SCROBBLE_MESSAGES.tokenRejected);
    await app.scrobble.connections.save(userId, 'listenbrainz', request.body.token, username, new Date(now()));
    return connectionsOf(userId);
  });

  const deleteSchema = { tags, params: ScrobbleServiceParams, response: { 200: ScrobbleConnectionsResponse, ...errorResponses(401, 404) } };
  app.delete('/scrobble/connections/:service', { preValidation: requireUser, schema: deleteSchema }, async (request) => {
    const userId = currentUser(request).id;
    if (!(await app.scrobble.connections.remove(userId, request.params.service))) throw new HttpError(404, SCROBBLE_MESSAGES.notConnected);
    await dropPair(app.db, userId, request.params.service);
    return connectionsOf(userId);
  });

  const nowPlayingSchema = { tags, body: NowPlayingBody, response: { 200: SuccessResponse, ...errorResponses(400, 401, 404) } };
  app.post('/scrobble/now-playing', { preValidation: requireUser, schema: nowPlayingSchema }, async (request) => {
    // best effort: a service's failure is logged, never the player's error (its call does not wait on it)
    await app.scrobble.nowPlaying(currentUser(request).id, request.body.songId, { chosen: true });
    return { success: true as const };
  });

  const listenedSchema = { tags, body: ListenedBody, response: { 200: ListenedResponse, ...errorResponses(400, 401, 404) } };
  app.post('/scrobble/listened', { preValidation: requireUser, schema: listenedSchema }, async (request) => {
    const at = listenStart(request.body.startedAt, now());
    const queued = await app.scrobble.listened(currentUser(request).id, request.body.songId, { at, chosen: true });
    return { success: true as const, queued };
  });
};
