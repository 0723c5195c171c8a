import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_LISTEN_SIZE, Submission } from './listenBrainzSchema';

/**
 * A local ListenBrainz for tests (real HTTP on 127.0.0.1): POST /1/submit-listens and GET
 * /1/validate-token as documented (the Authorization: Token header, the schema of
 * listenBrainzSchema.ts, MAX_LISTEN_SIZE per listen, X-RateLimit-* headers on every answer, 429
 * past the limit), and told to fail: 5xx or 401 the next N times, 429 with a reset-in, or down
 * (connections refused). GET /__mock/received lets another process (the e2e tests) see what came.
 */
export interface MockListenBrainz {
  url: string;
  /** every accepted submission, in arrival order */
  received: Submission[];
  /** the ListenBrainz user of each accepted submission, at the same index */
  receivedBy: string[];
  /** the refused ones: status and error */
  refused: { status: number; error: string }[];
  /** the next `times` submissions answer `status` */
  failNext(times: number, status: number): void;
  /** the next submission answers 429 with X-RateLimit-Reset-In: resetInS, and so does any before that time (by `now`) */
  rateLimit(resetInS: number): void;
  /** stops listening: connections are refused until up() */
  down(): Promise<void>;
  up(): Promise<void>;
  /** resolves when `test` holds of what was received, or rejects after timeoutMs */
  waitFor(test: (received: Submission[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const RATE_LIMIT = 30;

export async function startMockListenBrainz(options: { tokens: Record<string, string>; port?: number; now?: () => number }): Promise<MockListenBrainz> {
  const now = options.now ?? Date.now;
  const received: Submission[] = [];
  const receivedBy: string[] = [];
  const refused: { status: number; error: string }[] = [];
  let failures: { times: number; status: number } = { times: 0, status: 500 };
  let limitedUntil = 0;
  let remaining = RATE_LIMIT;
  let windowEnds = now() + 10_000;

  function rateHeaders(res: http.ServerResponse) {
    if (now() >= windowEnds) {
      windowEnds = now() + 10_000;
      remaining = RATE_LIMIT;
    }
    const resetIn = Math.max(0, Math.ceil((Math.max(windowEnds, limitedUntil) - now()) / 1000));
    res.setHeader('X-RateLimit-Limit', String(RATE_LIMIT));
    res.setHeader('X-RateLimit-Remaining', String(limitedUntil > now() ? 0 : remaining));
    res.setHeader('X-RateLimit-Reset-In', String(resetIn));
    res.setHeader('X-RateLimit-Reset', String(Math.floor(now() / 1000) + resetIn));
  }

  function answer(res: http.ServerResponse, status: number, body: unknown) {
    if (status >= 400) refused.push({ status, error: (body as { error?: string }).error ?? '' });
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function userOf(req: http.IncomingMessage): string | null {
    const match = /^Token (\S+)$/.exec(req.headers.authorization ?? '');
    return match ? (options.tokens[match[1]] ?? null) : null;
  }

  function submit(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    if (failures.times > 0) {
      failures.times -= 1;
      return answer(res, failures.status, { code: failures.status, error: 'Told to fail' });
    }
    if (limitedUntil > now() || remaining <= 0) return answer(res, 429, { code: 429, error: 'Rate limit exceeded' });
    remaining -= 1;
    const user = userOf(req);
    if (!user) return answer(res, 401, { code: 401, error: 'Invalid authorization token.' });
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return answer(res, 400, { code: 400, error: 'Cannot parse JSON document' });
    }
    const parsed = Submission.safeParse(json);
    if (!parsed.success) return answer(res, 400, { code: 400, error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    const tooBig = parsed.data.payload.find((listen) => Buffer.byteLength(JSON.stringify(listen)) > MAX_LISTEN_SIZE);
    if (tooBig) return answer(res, 400, { code: 400, error: `Listen exceeds max size of ${MAX_LISTEN_SIZE} bytes.` });
    received.push(parsed.data);
    receivedBy.push(user);
    answer(res, 200, { status: 'ok' });
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      rateHeaders(res);
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === '/1/submit-listens') return submit(req, res, raw);
      if (req.method === 'GET' && path === '/1/validate-token') {
        const user = userOf(req);
        if (!user) return answer(res, 401, { code: 401, message: 'Token invalid.', valid: false });
        return answer(res, 200, { code: 200, message: 'Token valid.', valid: true, user_name: user });
      }
      if (req.method === 'GET' && path === '/__mock/received') return answer(res, 200, { received, refused });
      answer(res, 404, { code: 404, error: 'Not found' });
    });
  });

  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    receivedBy,
    refused,
    failNext(times, status) {
      failures = { times, status };
    },
    rateLimit(resetInS) {
      limitedUntil = now() + resetInS * 1000;
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up: () => listen(port),
    async waitFor(test, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!test(received)) {
        if (Date.now() > deadline) throw new Error(`the mock ListenBrainz did not receive what was awaited; it has ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
