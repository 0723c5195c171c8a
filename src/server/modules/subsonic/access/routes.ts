import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SuccessResponse } from '../../../../contract/common';
import {
  API_KEYS_PER_USER_MAX,
  ApiKeyParams,
  ApiKeysResponse,
  AppPasswordBody,
  AppPasswordStatusResponse,
  CreateApiKeyBody,
  CreatedApiKeyResponse,
  SUBSONIC_MESSAGES,
} from '../../../../contract/subsonic';
import { HttpError } from '../../../lib/httpError';
import { currentUser, requireUser } from '../../../plugins/auth';
import type { ModuleOptions } from '../../moduleOptions';
import { apiKeyHash, newApiKey } from '../auth/apiKeys';
import { createAppPasswordCipher } from '../auth/appPasswordCipher';
import { confirmCurrentPassword } from './confirmPassword';
import { appPasswordRow, countApiKeys, deleteApiKey, deleteAppPassword, insertApiKey, listApiKeys, saveAppPassword } from './repository';

const tags = ['subsonic'];

/**
 * docs/product.md §2.13: each user's own credentials for Subsonic apps. API keys are answered once
 * and kept hashed; the app password is kept encrypted (auth/appPasswordCipher.ts). Making either
 * asks for the account's password (confirmPassword.ts); a password reset revokes both.
 */
export const subsonicAccessRoutes: FastifyPluginAsyncZod<ModuleOptions & { serverSecret: string }> = async (app, { now, serverSecret }) => {
  const cipher = createAppPasswordCipher(serverSecret);
  app.addHook('preValidation', requireUser);

  app.get('/subsonic/keys', { schema: { tags, response: { 200: ApiKeysResponse, ...errorResponses(401) } } }, async (request) => ({
    success: true as const,
    keys: await listApiKeys(app.db, currentUser(request).id),
  }));

  const createSchema = { tags, body: CreateApiKeyBody, response: { 201: CreatedApiKeyResponse, ...errorResponses(400, 401, 403, 409, 429) } };
  app.post('/subsonic/keys', { schema: createSchema }, async (request, reply) => {
    const userId = currentUser(request).id;
    if ((await countApiKeys(app.db, userId)) >= API_KEYS_PER_USER_MAX) throw new HttpError(409, SUBSONIC_MESSAGES.tooManyKeys);
    await confirmCurrentPassword(app.db, userId, request.body.currentPassword, new Date(now()));
    const apiKey = newApiKey();
    const key = await insertApiKey(app.db, userId, request.body.name, apiKeyHash(apiKey), new Date(now()));
    return reply.status(201).send({ success: true as const, key, apiKey });
  });

  const deleteSchema = { tags, params: ApiKeyParams, response: { 200: SuccessResponse, ...errorResponses(400, 401, 404) } };
  app.delete('/subsonic/keys/:id', { schema: deleteSchema }, async (request) => {
    if (!(await deleteApiKey(app.db, currentUser(request).id, request.params.id))) throw new HttpError(404, SUBSONIC_MESSAGES.keyNotFound);
    return { success: true as const };
  });

  const statusSchema = { tags, response: { 200: AppPasswordStatusResponse, ...errorResponses(401) } };
  app.get('/subsonic/password', { schema: statusSchema }, async (request) => {
    const row = await appPasswordRow(app.db, currentUser(request).id);
    // a password stored under another server secret cannot be checked: it counts as unset
    const usable = row !== undefined && cipher.decrypt(row.ciphertext) !== null;
    return { success: true as const, set: usable, updatedAt: usable ? row.updatedAt.toISOString() : null };
  });

  const putSchema = { tags, body: AppPasswordBody, response: { 200: AppPasswordStatusResponse, ...errorResponses(400, 401, 403, 429) } };
  app.put('/subsonic/password', { schema: putSchema }, async (request) => {
    const at = new Date(now());
    const { password, currentPassword } = request.body;
    await confirmCurrentPassword(app.db, currentUser(request).id, currentPassword, at);
    // docs/product.md §2.13: the sign-in password never works in apps. It was just checked, so the same text is that password.
    if (password === currentPassword) throw new HttpError(400, SUBSONIC_MESSAGES.appPasswordIsSignInPassword);
    await saveAppPassword(app.db, currentUser(request).id, cipher.encrypt(password), at);
    return { success: true as const, set: true, updatedAt: at.toISOString() };
  });

  app.delete('/subsonic/password', { schema: { tags, response: { 200: SuccessResponse, ...errorResponses(401) } } }, async (request) => {
    await deleteAppPassword(app.db, currentUser(request).id);
    return { success: true as const };
  });
};
