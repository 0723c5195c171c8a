import type { TokenService } from '../auth/tokens';

/** How long a stream token is valid, and how much of that a reused one must still have left. */
export const STREAM_TOKEN_TTL_SECONDS = 6 * 60 * 60;
const REUSE_WHILE_REMAINING_MS = 3 * 60 * 60 * 1000;
const MAX_CACHED = 50_000;

export interface StreamUrlSigner {
  /** `/api/songs/stream/<id>?st=<token>` for this user; `fresh` signs a new token instead of reusing one. */
  urlFor(userId: string, songId: string, options?: { fresh?: boolean }): Promise<string>;
}

export function streamPath(songId: string, token: string): string {
  return `/api/songs/stream/${songId}?st=${encodeURIComponent(token)}`;
}

/**
 * Signs stream URLs, reusing one token per user and song while it has hours left: a JWT costs
 * ~0.1 ms to sign, so a page of 50 songs would otherwise spend ~5 ms on signatures alone,
 * and a stable URL lets the browser reuse what it already downloaded.
 */
export function createStreamUrlSigner(tokens: TokenService, now: () => number): StreamUrlSigner {
  const cache = new Map<string, { token: string; expiresAt: number }>();
  return {
    async urlFor(userId, songId, options = {}) {
      const key = `${userId}:${songId}`;
      const t = now();
      const cached = options.fresh ? undefined : cache.get(key);
      if (cached && cached.expiresAt - t > REUSE_WHILE_REMAINING_MS) return streamPath(songId, cached.token);
      const token = await tokens.signStream({ userId, songId, ttlSeconds: STREAM_TOKEN_TTL_SECONDS });
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, { token, expiresAt: Math.floor(t / 1000) * 1000 + STREAM_TOKEN_TTL_SECONDS * 1000 });
      return streamPath(songId, token);
    },
  };
}

const signers = new WeakMap<TokenService, StreamUrlSigner>();

/** Makes the app's signer (one per token service, with the app's clock) reachable by every module. */
export function registerStreamUrlSigner(tokens: TokenService, now: () => number): StreamUrlSigner {
  let signer = signers.get(tokens);
  if (!signer) {
    signer = createStreamUrlSigner(tokens, now);
    signers.set(tokens, signer);
  }
  return signer;
}

export function registeredStreamUrlSigner(tokens: TokenService): StreamUrlSigner | undefined {
  return signers.get(tokens);
}
