import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { ActivitiesQuery, PROFILE_MESSAGES, UpdateProfileBody, type ActivitiesResponse, type ProfileResponse } from '../../../contract/profile';
import { users } from '../../db/schema';
import { HttpError, parseInput } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import { checkPasswordGuarded } from '../auth/passwordGuard';
import { findUserById, toPublicUser } from '../auth/users';
import type { ModuleOptions } from '../moduleOptions';
import { emailTaken, profileCounts, recentActivities, usernameTaken } from './service';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** GET/PUT /api/profile and GET /api/profile/activities (paths DESIGN.md fixes). */
export const profileRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { now }) => {
  app.addHook('preHandler', requireUser);

  async function me(userId: string) {
    const row = await findUserById(app.db, userId);
    if (!row) throw new HttpError(404, MESSAGES.userNotFound);
    return row;
  }

  app.get('/profile', async (request): Promise<ProfileResponse> => {
    const row = await me(currentUser(request).id);
    return { success: true, user: toPublicUser(row), counts: await profileCounts(app.db, row.id) };
  });

  /** Username and email; changing the email needs the current password. */
  app.put('/profile', async (request): Promise<ProfileResponse> => {
    const row = await me(currentUser(request).id);
    const input = parseInput(UpdateProfileBody, request.body);
    const changes: { username?: string; email?: string } = {};
    if (input.username !== undefined && input.username !== row.username) {
      if (await usernameTaken(app.db, input.username, row.id)) throw new HttpError(409, PROFILE_MESSAGES.usernameTaken);
      changes.username = input.username;
    }
    if (input.email !== undefined && input.email !== row.email) {
      if (!input.currentPassword) throw new HttpError(400, PROFILE_MESSAGES.currentPasswordRequired);
      // the sign-in limits apply: a stolen access token gets no more guesses here than at sign-in
      // (and no device cookie: that one is scoped to /api/auth), see passwordGuard.ts
      const ok = await checkPasswordGuarded(app.db, {
        accountKey: `user:${row.id}`,
        userId: row.id,
        password: input.currentPassword,
        passwordHash: row.passwordHash,
        device: null,
        now: new Date(now()),
      });
      if (!ok) throw new HttpError(403, PROFILE_MESSAGES.currentPasswordWrong);
      if (await emailTaken(app.db, input.email, row.id)) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
      changes.email = input.email;
    }
    let updated = row;
    if (changes.username !== undefined || changes.email !== undefined) {
      try {
        [updated] = await app.db
          .update(users)
          .set({ ...changes, updatedAt: new Date(now()) })
          .where(eq(users.id, row.id))
          .returning();
      } catch (error) {
        // two people taking the same name at once: the unique index decides
        if (isUniqueViolation(error)) throw new HttpError(409, changes.email ? PROFILE_MESSAGES.emailTaken : PROFILE_MESSAGES.usernameTaken);
        throw error;
      }
    }
    return { success: true, user: toPublicUser(updated), counts: await profileCounts(app.db, row.id), message: PROFILE_MESSAGES.updated };
  });

  app.get('/profile/activities', async (request): Promise<ActivitiesResponse> => {
    const user = currentUser(request);
    const { limit } = parseInput(ActivitiesQuery, request.query);
    return { success: true, activities: await recentActivities(app.db, user.id, limit) };
  });
};
