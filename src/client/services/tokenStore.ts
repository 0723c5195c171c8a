import { TOKEN_STORAGE_KEY } from '../../contract/limits';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** The access token in localStorage under auth_token (docs/product.md §7). */
export function createLocalTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    get: () => storage.getItem(TOKEN_STORAGE_KEY),
    set: (token) => storage.setItem(TOKEN_STORAGE_KEY, token),
    clear: () => storage.removeItem(TOKEN_STORAGE_KEY),
  };
}

/** Expiry (seconds since the epoch) from a JWT's payload, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** docs/product.md §5: a stored token is valid only if the expiry in its payload lies in the future. */
export function isTokenValid(token: string | null, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}
