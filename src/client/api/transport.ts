import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { MESSAGES } from '../../contract/messages';
import type { Services } from '../services';

export interface RequestArgs {
  url: string;
  method?: string;
  /** JSON by default; FormData is sent as multipart */
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
}

export interface TransportError {
  status: number;
  message: string;
  /** a 409's JSON body, for the callers that read it (e.g. the suggestion that already exists) */
  body?: unknown;
}

/** docs/product.md §8 "Transport": the message field of a non-OK JSON body, else 'Request failed with status {code}'. */
export async function readResponse(res: Response): Promise<{ data: unknown } | { error: TransportError }> {
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  const body: unknown = isJson ? await res.json().catch(() => undefined) : undefined;
  if (res.ok) return { data: isJson ? body : await res.text().catch(() => '') };
  const message =
    isJson && body && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : MESSAGES.requestFailed(res.status);
  // The one rule for a 409: a failure like any other; its body travels with it for the callers that
  // read it (the suggestion that already exists).
  if (res.status === 409 && isJson) return { error: { status: res.status, message, body } };
  return { error: { status: res.status, message } };
}

export function buildUrl(apiOrigin: string, url: string, params?: RequestArgs['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `${apiOrigin}/api${url}${qs ? `?${qs}` : ''}`;
}

async function send(args: RequestArgs, services: Services, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = services.tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) body = args.body;
  else if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  return fetch(buildUrl(services.apiOrigin, args.url, args.params), {
    method: args.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal,
  });
}

/**
 * The base query of the one createApi: bearer token when one is stored, cookies included,
 * docs/product.md §8's error rules, and one retry after a 401 through the shared single-flight refresh.
 */
export const transportBaseQuery: BaseQueryFn<RequestArgs | string, unknown, TransportError> = async (rawArgs, api) => {
  const args = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  const services = api.extra as Services;
  try {
    let res = await send(args, services, api.signal);
    services.reachability.set(true);
    if (res.status === 401 && services.tokenStore.get() && !args.url.startsWith('/auth/')) {
      const fresh = await services.session.refresh();
      if (fresh) res = await send(args, services, api.signal);
      else api.dispatch({ type: 'auth/sessionExpired' });
    }
    return await readResponse(res);
  } catch (error) {
    if ((error as Error).name === 'AbortError') return { error: { status: 0, message: 'Request aborted' } };
    services.reachability.set(false);
    return { error: { status: 0, message: MESSAGES.networkError } };
  }
};
