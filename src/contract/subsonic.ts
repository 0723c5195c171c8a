import { z } from 'zod';
import { Id, IsoTime } from './common';

/** docs/product.md §2.13: the credentials Subsonic apps sign in with (Settings › Subsonic apps). */

export const API_KEY_NAME_MAX = 60;
export const API_KEYS_PER_USER_MAX = 25;
export const APP_PASSWORD_MIN = 8;
export const APP_PASSWORD_MAX = 128;

export const SUBSONIC_MESSAGES = {
  keyNameRequired: 'Name the key after the app or device that will use it',
  keyNameTooLong: `A key name can be at most ${API_KEY_NAME_MAX} characters`,
  tooManyKeys: `You can have at most ${API_KEYS_PER_USER_MAX} API keys. Revoke one you no longer use first.`,
  keyNotFound: 'API key not found',
  appPasswordTooShort: `The app password must be at least ${APP_PASSWORD_MIN} characters`,
  appPasswordTooLong: `The app password can be at most ${APP_PASSWORD_MAX} characters`,
  appPasswordRemoved: 'App password removed',
} as const;

export const ApiKeySummary = z.object({ id: Id, name: z.string(), createdAt: IsoTime, lastUsedAt: IsoTime.nullable() });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, SUBSONIC_MESSAGES.keyNameRequired).max(API_KEY_NAME_MAX, SUBSONIC_MESSAGES.keyNameTooLong),
});

/** The key itself is in this answer only: the server keeps its hash. */
export const CreatedApiKeyResponse = z.object({ success: z.literal(true), key: ApiKeySummary, apiKey: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;

export const ApiKeysResponse = z.object({ success: z.literal(true), keys: z.array(ApiKeySummary) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

export const ApiKeyParams = z.object({ id: z.uuid(SUBSONIC_MESSAGES.keyNotFound) });

export const AppPasswordBody = z.object({
  password: z.string().min(APP_PASSWORD_MIN, SUBSONIC_MESSAGES.appPasswordTooShort).max(APP_PASSWORD_MAX, SUBSONIC_MESSAGES.appPasswordTooLong),
});

export const AppPasswordStatusResponse = z.object({ success: z.literal(true), set: z.boolean(), updatedAt: IsoTime.nullable() });
export type AppPasswordStatusResponse = z.infer<typeof AppPasswordStatusResponse>;
