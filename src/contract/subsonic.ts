import { z } from 'zod';
import { Id, IsoTime } from './common';
import { API_KEY_NAME_MAX, APP_PASSWORD_MAX, APP_PASSWORD_MIN, SUBSONIC_MESSAGES } from './subsonicMessages';

/** docs/product.md §2.13: the credentials Subsonic apps sign in with (Settings › Subsonic apps). */

export { API_KEY_NAME_MAX, API_KEYS_PER_USER_MAX, APP_PASSWORD_MAX, APP_PASSWORD_MIN, SUBSONIC_MESSAGES } from './subsonicMessages';

export const ApiKeySummary = z.object({ id: Id, name: z.string(), createdAt: IsoTime, lastUsedAt: IsoTime.nullable() });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

/**
 * Making a credential asks for the account's password, so that a stolen access token cannot make
 * one that outlives it (checked in the route, for a clear message when it is missing).
 */
const CurrentPassword = z.string().max(1024).optional();

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, SUBSONIC_MESSAGES.keyNameRequired).max(API_KEY_NAME_MAX, SUBSONIC_MESSAGES.keyNameTooLong),
  currentPassword: CurrentPassword,
});

/** The key itself is in this answer only: the server keeps its hash. */
export const CreatedApiKeyResponse = z.object({ success: z.literal(true), key: ApiKeySummary, apiKey: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;

export const ApiKeysResponse = z.object({ success: z.literal(true), keys: z.array(ApiKeySummary) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

export const ApiKeyParams = z.object({ id: z.uuid(SUBSONIC_MESSAGES.keyNotFound) });

export const AppPasswordBody = z.object({
  password: z.string().min(APP_PASSWORD_MIN, SUBSONIC_MESSAGES.appPasswordTooShort).max(APP_PASSWORD_MAX, SUBSONIC_MESSAGES.appPasswordTooLong),
  currentPassword: CurrentPassword,
});

export const AppPasswordStatusResponse = z.object({ success: z.literal(true), set: z.boolean(), updatedAt: IsoTime.nullable() });
export type AppPasswordStatusResponse = z.infer<typeof AppPasswordStatusResponse>;
