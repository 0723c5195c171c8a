/** A fake server for component and saga tests: routes by "METHOD /path" (no query), records every call. */
export interface MockCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
}
export type MockHandler = (call: MockCall) => unknown | Response | Promise<unknown | Response>;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  const original = global.fetch;
  global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = parsed.pathname.replace(/^\/api/, '');
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call = { method, path, url, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) return json(404, { success: false, message: 'Not found' });
    const result = await handler(call);
    return result instanceof Response ? result : json(200, result);
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      global.fetch = original;
    },
  };
}

/** A promise with its resolve handle, to hold a response back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
