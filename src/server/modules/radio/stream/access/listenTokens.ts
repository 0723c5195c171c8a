import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A listen token is derived from a random nonce with a key from the server's secret: the database
 * keeps the nonce (useless alone) and the token's SHA-256 (to find its user), so the link can be
 * shown again and a stolen database row still opens no stream.
 */
export interface ListenTokenDeriver {
  tokenOf(nonce: string): string;
}

export function createListenTokenDeriver(serverSecret: string): ListenTokenDeriver {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'wavelength', 'radio listen token v1', 32));
  return { tokenOf: (nonce) => createHmac('sha256', key).update(nonce, 'utf8').digest('base64url') };
}

/** 256 random bits. */
export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

export function listenTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
