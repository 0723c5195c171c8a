import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { SuggestionBody, SuggestionIdParams, SuggestionsQuery, SuggestionStatusBody } from '../../../contract/musicbox';
import { HttpError, parseInput } from '../../lib/httpError';
import { matchKey } from '../../lib/text';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
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

/** The search term folded like normalized_key: case, accents, spacing and punctuation removed. */
export function searchKey(search: string): string {
  return matchKey(search, '').replace(/\|$/, '');
}

function suggestionId(request: FastifyRequest): string {
  const parsed = SuggestionIdParams.safeParse(request.params);
  if (!parsed.success) throw new HttpError(404, MESSAGES.notFound);
  return parsed.data.id;
}

export const musicBoxRoutes: FastifyPluginAsync<MusicBoxOptions> = async (app, { now, suggestionRateLimit }) => {
  const limit = suggestionRateLimit ?? SUGGESTION_RATE_LIMIT;

  app.get('/musicbox/suggestions', { preHandler: requireUser }, async (request) => {
    const query = parseInput(SuggestionsQuery, request.query);
    const search = query.search ? searchKey(query.search) : '';
    const { suggestions, total } = await listSuggestions(app.db, currentUser(request).id, {
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      search: search || undefined,
      status: query.status,
    });
    const hasMore = (query.page - 1) * query.limit + suggestions.length < total;
    return { success: true, suggestions, total, page: query.page, hasMore };
  });

  app.post(
    '/musicbox/suggestions',
    {
      preHandler: requireUser,
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          hook: 'preHandler',
          // after requireUser: every caller here is signed in, so the limit is per user
          keyGenerator: (request: FastifyRequest) => `musicbox-suggest:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = parseInput(SuggestionBody, request.body);
      const key = matchKey(body.title, body.artist);
      const id = await insertSuggestion(app.db, { title: body.title, artist: body.artist, key, userId: user.id, at: new Date(now()) });
      if (!id) {
        const existing = await findSuggestionByKey(app.db, user.id, key);
        // deleted between the conflict and this read: the caller may simply try again
        if (!existing) throw new HttpError(409, MESSAGES.duplicateSuggestion);
        return reply.status(409).send({ success: false, message: MESSAGES.duplicateSuggestion, existingSuggestion: existing });
      }
      const suggestion = await findSuggestion(app.db, user.id, id);
      return reply.status(201).send({ success: true, suggestion });
    },
  );

  app.get('/musicbox/suggestions/:id', { preHandler: requireUser }, async (request) => {
    const suggestion = await findSuggestion(app.db, currentUser(request).id, suggestionId(request));
    if (!suggestion) throw new HttpError(404, MESSAGES.notFound);
    return { success: true, suggestion };
  });

  app.delete('/musicbox/suggestions/:id', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const id = suggestionId(request);
    const owner = await suggestionOwner(app.db, id);
    if (!owner) throw new HttpError(404, MESSAGES.notFound);
    if (owner.suggestedBy !== user.id && user.role !== 'admin') throw new HttpError(403, MESSAGES.forbidden);
    if (!(await deleteSuggestion(app.db, id))) throw new HttpError(404, MESSAGES.notFound);
    return { success: true };
  });

  app.post('/musicbox/suggestions/:id/toggle-vote', { preHandler: requireUser }, async (request) => {
    const result = await toggleVote(app.db, suggestionId(request), currentUser(request).id);
    if (!result) throw new HttpError(404, MESSAGES.notFound);
    return { success: true, ...result };
  });

  // The plain vote path (SPEC §7): POST casts the caller's vote, DELETE withdraws it; both idempotent.
  for (const [method, want] of [['POST', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/musicbox/suggestions/:id/vote',
      preHandler: requireUser,
      handler: async (request) => {
        const result = await setVote(app.db, suggestionId(request), currentUser(request).id, want);
        if (!result) throw new HttpError(404, MESSAGES.notFound);
        return { success: true, ...result };
      },
    });
  }

  app.put(
    '/musicbox/suggestions/:id/status',
    { preHandler: requireAdmin(MESSAGES.onlyAdminsUpdateSuggestionStatus) },
    async (request) => {
      const admin = currentUser(request);
      const id = suggestionId(request);
      const { status } = parseInput(SuggestionStatusBody, request.body);
      const outcome = await decideSuggestion(app.db, { id, status, adminId: admin.id, at: new Date(now()) });
      if (outcome === 'missing') throw new HttpError(404, MESSAGES.notFound);
      if (outcome === 'decided') throw new HttpError(409, MESSAGES.suggestionAlreadyDecided);
      const suggestion = await findSuggestion(app.db, admin.id, id);
      return { success: true, suggestion };
    },
  );
};
