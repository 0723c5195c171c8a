import { createHash, randomBytes } from 'node:crypto';

/** A new API key: 256 random bits, so a plain SHA-256 of it is safe to keep and to look up by. */
export function newApiKey(): string {
  return `wl_${randomBytes(32).toString('base64url')}`;
}

export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
