import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/common';
import { LastfmCallbackQuery, LastfmConnectResponse } from '../../../contract/scrobble';
import { SCROBBLE_MESSAGES } from '../../../contract/scrobbleMessages';
import { HttpError } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { publicOrigin } from '../../lib/http/publicOrigin';

const tags = ['scrobble'];

/** docs/product.md §7.11: Last.fm's web authorisation, from Settings' Connect to the callback that stores the session key. */
export const lastfmRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, now }) => {
  const connectSchema = { tags, response: { 200: LastfmConnectResponse, ...errorResponses(401, 404) } };
  app.post('/scrobble/lastfm/connect', { preValidation: requireUser, schema: connectSchema }, async (request) => {
    const lastfm = app.scrobble.lastfm;
    if (!lastfm) throw new HttpError(404, SCROBBLE_MESSAGES.lastfmNotConfigured);
    const state = app.scrobble.lastfmState.make(currentUser(request).id, now());
    return {
      success: true as const,
      url: lastfm.authorizeUrl(`${publicOrigin(config, request)}/api/scrobble/lastfm/callback?${new URLSearchParams({ state })}`),
    };
  });

  // Last.fm sends the browser back here: no bearer, the signed state says whose connection it is
  const callbackSchema = {
    tags,
    querystring: LastfmCallbackQuery,
    response: { 302: z.null().describe('to /settings?lastfm=connected|invalid|refused|unreachable#scrobbling'), ...errorResponses(400) },
  };
  app.get('/scrobble/lastfm/callback', { schema: callbackSchema }, async (request, reply) => {
    const back = (result: string) => reply.redirect(`/settings?lastfm=${result}#scrobbling`, 302);
    const lastfm = app.scrobble.lastfm;
    const userId = app.scrobble.lastfmState.read(request.query.state, now());
    if (!lastfm || !userId || !request.query.token) return back('invalid');
    let session: { key: string; name: string } | null;
    try {
      session = await lastfm.getSession(request.query.token);
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'scrobble: Last.fm could not be reached for a session');
      return back('unreachable');
    }
    if (!session) return back('refused');
    await app.scrobble.connections.save(userId, 'lastfm', session.key, session.name, new Date(now()));
    return back('connected');
  });
};
