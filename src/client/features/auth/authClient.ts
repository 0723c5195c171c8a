import type { LoginResponse, MeResponse, PublicUser } from '../../../contract/auth';
import { MESSAGES } from '../../../contract/messages';
import { buildUrl, readResponse } from '../../api/transport';
import type { Services } from '../../services';

/** An HTTP failure of an auth call, with docs/product.md §8's message and the status (0: no answer). */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

/** where the API is, and (the app's own calls) the reachability an answer or its absence updates */
type Origin = Pick<Services, 'apiOrigin'> & Partial<Pick<Services, 'reachability'>>;

/**
 * The calls of the session sagas. They go around RTK Query on purpose: they run before and after
 * there is a user (no cache to keep), and each carries the token it is about, not the stored one.
 */
async function authRequest<T>(services: Origin, args: { url: string; method?: string; body?: unknown; token?: string | null }): Promise<T> {
  const headers: Record<string, string> = {};
  if (args.token) headers.authorization = `Bearer ${args.token}`;
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(services.apiOrigin, args.url), {
      method: args.method ?? 'GET',
      headers,
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      credentials: 'include',
    });
  } catch {
    services.reachability?.set(false);
    throw new AuthRequestError(MESSAGES.networkError, 0);
  }
  services.reachability?.set(true);
  const result = await readResponse(res);
  if ('error' in result) throw new AuthRequestError(result.error.message, result.error.status);
  return result.data as T;
}

/** docs/product.md §7: the login form sends the email as `username`. */
export const loginCall = (services: Origin, body: { username: string; password: string }) =>
  authRequest<Partial<LoginResponse> & { success?: boolean; message?: string }>(services, { url: '/auth/login', method: 'POST', body });

/** A 409 (taken email or username) throws its message, like any failure (docs/product.md §8). */
export const registerCall = (services: Origin, body: { username: string; email: string; password: string }) =>
  authRequest<{ success?: boolean; user?: PublicUser; message?: string }>(services, { url: '/auth/register', method: 'POST', body });

export const meCall = (services: Origin, token: string) => authRequest<Partial<MeResponse>>(services, { url: '/auth/me', token });

export const logoutCall = (services: Origin, token: string | null) =>
  authRequest<{ success?: boolean }>(services, { url: '/auth/logout', method: 'POST', token });
