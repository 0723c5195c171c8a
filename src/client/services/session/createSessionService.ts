import type { TokenStore } from '../tokenStore';
import type { SessionService } from './SessionService';

/**
 * POST /api/auth/refresh with the stored token; stores the new one. One call at a time:
 * the 14-minute loop and every 401 retry that arrive together share a single request.
 */
export function createSessionService(deps: { tokenStore: TokenStore; apiOrigin: string; fetch?: typeof fetch }): SessionService {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let inFlight: Promise<string | null> | null = null;

  async function refreshOnce(): Promise<string | null> {
    const token = deps.tokenStore.get();
    if (!token) return null;
    try {
      const res = await doFetch(`${deps.apiOrigin}/api/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean; token?: { token?: string } } | null;
      const next = res.ok && body?.success ? body.token?.token : undefined;
      if (!next) return null;
      deps.tokenStore.set(next);
      return next;
    } catch {
      return null;
    }
  }

  return {
    refresh() {
      inFlight ??= refreshOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
