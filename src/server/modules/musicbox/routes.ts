import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import {
  DuplicateSuggestionResponse,
  SuggestionBody,
  SuggestionIdParams,
  SuggestionResponse,
  SuggestionsQuery,
  SuggestionsResponse,
  SuggestionStatusBody,
  VoteResponse,
} from '../../../contract/musicbox';
import { HttpError } from '../../lib/httpError';
import { matchKey } from '../../lib/text';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { LiveVotes } from './liveVotes';
import {
  decideSuggestion,
  deleteSuggestion,
  findSuggestion,
  findSuggestionByKey,
  insertSuggestion,
  listSuggestions,
  suggestionOwner,
  setVote,
  toggleVote,
} from './repository';

/** New suggestions per user (by user id, not by address) per window. */
export const SUGGESTION_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };

export interface MusicBoxOptions extends ModuleOptions {
  /** overrides SUGGESTION_RATE_LIMIT (tests, or an instance that wants another limit) */
  suggestionRateLimit?: { max: number; timeWindowMs: number };
}

const tags = ['musicbox'];
const byId = { tags, params: SuggestionIdParams };

/** The search term folded like normalized_key: case, accents, spacing and punctuation removed. */
export function searchKey(search: string): string {
  return matchKey(search, '').replace(/\|$/, '');
}

function listRoute(app: ZodApp) {
  const schema = { tags, querystring: SuggestionsQuery, response: { 200: SuggestionsResponse, ...errorResponses(400, 401) } };
  app.get('/musicbox/suggestions', { schema }, async (request) => {
    const query = request.query;
    const search = query.search ? searchKey(query.search) : '';
    const { suggestions, total } = await listSuggestions(app.db, currentUser(request).id, {
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      search: search || undefined,
      status: query.status,
    });
    const hasMore = (query.page - 1) * query.limit + suggestions.length < total;
    return { success: true as const, suggestions, total, page: query.page, hasMore };
  });
}

/** A new suggestion; the same song suggested again answers 409 with the one already there. */
function suggestRoute(app: ZodApp, now: () => number, limit: { max: number; timeWindowMs: number }) {
  const rateLimit = {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: 'preValidation' as const,
    // after requireUser: every caller here is signed in, so the limit is per user
    keyGenerator: (request: FastifyRequest) => `musicbox-suggest:${request.user?.id ?? request.ip}`,
  };
  const schema = {
    tags,
    body: SuggestionBody,
    response: { 201: SuggestionResponse, 409: DuplicateSuggestionResponse.or(errorResponses(409)[409]), ...errorResponses(400, 401, 429) },
  };
  app.post('/musicbox/suggestions', { schema, config: { rateLimit } }, async (request, reply) => {
    const user = currentUser(request);
    const { title, artist } = request.body;
    const key = matchKey(title, artist);
    const id = await insertSuggestion(app.db, { title, artist, key, userId: user.id, at: new Date(now()) });
    if (!id) {
      const existing = await findSuggestionByKey(app.db, user.id, key);
      // deleted between the conflict and this read: the caller may simply try again
      if (!existing) throw new HttpError(409, MESSAGES.duplicateSuggestion);
      return reply.status(409).send({ success: false, message: MESSAGES.duplicateSuggestion, existingSuggestion: existing });
    }
    const suggestion = await findSuggestion(app.db, user.id, id);
    if (!suggestion) throw new HttpError(404, MESSAGES.notFound);
    return reply.status(201).send({ success: true, suggestion });
  });
}

function oneSuggestionRoutes(app: ZodApp) {
  app.get('/musicbox/suggestions/:id', { schema: { ...byId, response: { 200: SuggestionResponse, ...errorResponses(401, 404) } } }, async (request) => {
    const suggestion = await findSuggestion(app.db, currentUser(request).id, request.params.id);
    if (!suggestion) throw new HttpError(404, MESSAGES.notFound);
    return { success: true as const, suggestion };
  });

  // the suggester or an admin
  app.delete('/musicbox/suggestions/:id', { schema: { ...byId, response: { 200: SuccessResponse, ...errorResponses(401, 403, 404) } } }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    const owner = await suggestionOwner(app.db, id);
    if (!owner) throw new HttpError(404, MESSAGES.notFound);
    if (owner.suggestedBy !== user.id && user.role !== 'admin') throw new HttpError(403, MESSAGES.forbidden);
    if (!(await deleteSuggestion(app.db, id))) throw new HttpError(404, MESSAGES.notFound);
    return { success: true as const };
  });
}

function voteRoutes(app: ZodApp, live: LiveVotes) {
  const schema = { ...byId, response: { 200: VoteResponse, ...errorResponses(401, 404) } };
  app.post('/musicbox/suggestions/:id/toggle-vote', { schema }, async (request) => {
    const result = await toggleVote(app.db, request.params.id, currentUser(request).id);
    if (!result) throw new HttpError(404, MESSAGES.notFound);
    await live.changed(request.params.id);
    return { success: true as const, ...result };
  });

  // The plain vote path (docs/product.md §7): POST casts the caller's vote, DELETE withdraws it; both idempotent.
  for (const [method, want] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/musicbox/suggestions/:id/vote',
      schema,
      handler: async (request) => {
        const result = await setVote(app.db, request.params.id, currentUser(request).id, want);
        if (!result) throw new HttpError(404, MESSAGES.notFound);
        await live.changed(request.params.id);
        return { success: true as const, ...result };
      },
    });
  }
}

function statusRoute(app: ZodApp, now: () => number) {
  const schema = { ...byId, body: SuggestionStatusBody, response: { 200: SuggestionResponse, ...errorResponses(400, 401, 403, 404, 409) } };
  const preValidation = requireAdmin(MESSAGES.onlyAdminsUpdateSuggestionStatus);
  app.put('/musicbox/suggestions/:id/status', { preValidation, schema }, async (request) => {
    const admin = currentUser(request);
    const { id } = request.params;
    const outcome = await decideSuggestion(app.db, { id, status: request.body.status, adminId: admin.id, at: new Date(now()) });
    if (outcome === 'missing') throw new HttpError(404, MESSAGES.notFound);
    if (outcome === 'decided') throw new HttpError(409, MESSAGES.suggestionAlreadyDecided);
    const suggestion = await findSuggestion(app.db, admin.id, id);
    if (!suggestion) throw new HttpError(404, MESSAGES.notFound);
    return { success: true as const, suggestion };
  });
}

/** Live votes go out through the radio's sockets (every signed-in tab has one); without the radio, nowhere. */
function liveVotes(app: ZodApp): LiveVotes {
  const live = new LiveVotes({
    database: app.database,
    broadcast: (message) => (app.hasDecorator('radio') ? app.radio.broadcast(message) : undefined),
    log: app.log,
  });
  app.addHook('onReady', () => live.start());
  app.addHook('onClose', () => live.stop());
  return live;
}

export const musicBoxRoutes: FastifyPluginAsyncZod<MusicBoxOptions> = async (app, { now, suggestionRateLimit }) => {
  const live = liveVotes(app);
  statusRoute(app, now);
  await app.register(async (signedIn: ZodApp) => {
    signedIn.addHook('preValidation', requireUser);
    listRoute(signedIn);
    suggestRoute(signedIn, now, suggestionRateLimit ?? SUGGESTION_RATE_LIMIT);
    oneSuggestionRoutes(signedIn);
    voteRoutes(signedIn, live);
  });
};
