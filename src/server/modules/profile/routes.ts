import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { ActivitiesQuery, ActivitiesResponse, PROFILE_MESSAGES, ProfileResponse, UpdateProfileBody } from '../../../contract/profile';
import { HttpError } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import { findUserById, toPublicUser } from '../auth/users';
import type { ModuleOptions } from '../moduleOptions';
import { profileCounts, recentActivities } from './repository';
import { updateProfile } from './service';
import { settingsRoutes } from './settingsRoutes';

const tags = ['profile'];

/** GET/PUT /api/profile and GET /api/profile/activities (paths DESIGN.md fixes). */
export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  app.addHook('preValidation', requireUser);

  async function me(userId: string) {
    const row = await findUserById(app.db, userId);
    if (!row) throw new HttpError(404, MESSAGES.userNotFound);
    return row;
  }

  app.get('/profile', { schema: { tags, response: { 200: ProfileResponse, ...errorResponses(401, 404) } } }, async (request) => {
    const row = await me(currentUser(request).id);
    return { success: true as const, user: toPublicUser(row), counts: await profileCounts(app.db, row.id) };
  });

  /** Username and email; changing the email needs the current password. */
  const updateSchema = { tags, body: UpdateProfileBody, response: { 200: ProfileResponse, ...errorResponses(400, 401, 403, 404, 409, 429) } };
  app.put('/profile', { schema: updateSchema }, async (request) => {
    const row = await me(currentUser(request).id);
    const updated = await updateProfile(app.db, row, request.body, new Date(now()));
    return { success: true as const, user: toPublicUser(updated), counts: await profileCounts(app.db, row.id), message: PROFILE_MESSAGES.updated };
  });

  settingsRoutes(app, now);

  const activitiesSchema = { tags, querystring: ActivitiesQuery, response: { 200: ActivitiesResponse, ...errorResponses(400, 401) } };
  app.get('/profile/activities', { schema: activitiesSchema }, async (request) => ({
    success: true as const,
    activities: await recentActivities(app.db, currentUser(request).id, request.query.limit),
  }));
};
