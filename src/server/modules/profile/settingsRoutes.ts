import { eq } from 'drizzle-orm';
import { errorResponses } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { AccountSettingsResponse, UpdateAccountSettingsBody, type AccountSettings } from '../../../contract/profile';
import type { Db } from '../../db/open';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { currentUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';

const tags = ['profile'];

/** The account's settings; undefined when there is no such user. */
export async function accountSettings(db: Db, userId: string): Promise<AccountSettings | undefined> {
  const [row] = await db.select({ recordListeningHistory: users.recordListeningHistory }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** GET/PUT /api/profile/settings: the caller's own settings only (the routes sit behind requireUser). */
export function settingsRoutes(app: ZodApp, now: () => number) {
  const read = async (userId: string) => {
    const settings = await accountSettings(app.db, userId);
    if (!settings) throw new HttpError(404, MESSAGES.userNotFound);
    return { success: true as const, settings };
  };

  app.get('/profile/settings', { schema: { tags, response: { 200: AccountSettingsResponse, ...errorResponses(401, 404) } } }, (request) =>
    read(currentUser(request).id),
  );

  const updateSchema = { tags, body: UpdateAccountSettingsBody, response: { 200: AccountSettingsResponse, ...errorResponses(400, 401, 404) } };
  app.put('/profile/settings', { schema: updateSchema }, async (request) => {
    const userId = currentUser(request).id;
    if (request.body.recordListeningHistory !== undefined)
      await app.db
        .update(users)
        .set({ recordListeningHistory: request.body.recordListeningHistory, updatedAt: new Date(now()) })
        .where(eq(users.id, userId));
    return read(userId);
  });
}
