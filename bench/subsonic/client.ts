/**
 * The two faces of the app as the subsonic part calls them: /rest/<method> signed in with an API
 * key (f=json, as Symfonium and most apps ask), and the web API with a bearer token. Every call is
 * one GET over the side's own keep-alive connection, timed from the request to the last byte
 * (the JSON is parsed after the clock stops).
 */
import http from 'node:http';

export interface Timed<T> {
  ms: number;
  status: number;
  body: T;
}

export function getJson<T>(url: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<Timed<T>> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - start;
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ ms, status: res.statusCode ?? 0, body: JSON.parse(text) as T });
        } catch {
          reject(new Error(`${url} answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

export interface SubsonicBody {
  'subsonic-response': { status: 'ok' | 'failed'; error?: { code: number; message: string } } & Record<string, unknown>;
}

export interface Sides {
  /** GET /rest/<method>?<params>, answered ok, timed */
  rest<T = Record<string, unknown>>(method: string, params?: Record<string, string | number>): Promise<Timed<T>>;
  /** GET /api<path>, answered 200, timed */
  web<T = Record<string, unknown>>(path: string): Promise<Timed<T>>;
  close(): void;
}

export function sides(baseUrl: string, apiKey: string, token: string): Sides {
  const restAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const webAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async rest<T>(method: string, params: Record<string, string | number> = {}) {
      const query = new URLSearchParams({ apiKey, v: '1.16.1', c: 'wavelength-bench', f: 'json' });
      for (const [k, v] of Object.entries(params)) query.set(k, String(v));
      const got = await getJson<SubsonicBody>(`${baseUrl}/rest/${method}?${query}`, restAgent);
      const answer = got.body['subsonic-response'];
      if (got.status !== 200 || answer?.status !== 'ok')
        throw new Error(`/rest/${method} answered ${got.status}: ${JSON.stringify(answer?.error ?? got.body).slice(0, 200)}`);
      return { ms: got.ms, status: got.status, body: answer as unknown as T };
    },
    async web<T>(path: string) {
      const got = await getJson<T>(`${baseUrl}/api${path}`, webAgent, { authorization: `Bearer ${token}` });
      if (got.status !== 200) throw new Error(`GET /api${path} answered ${got.status}: ${JSON.stringify(got.body).slice(0, 200)}`);
      return got;
    },
    close() {
      restAgent.destroy();
      webAgent.destroy();
    },
  };
}

/** An API key for the user, as Settings › Subsonic apps makes one (POST /api/subsonic/keys). */
export async function createApiKey(baseUrl: string, token: string, currentPassword: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/subsonic/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', currentPassword }),
  });
  const body = (await res.json()) as { apiKey?: string };
  if (res.status !== 201 || !body.apiKey) throw new Error(`POST /api/subsonic/keys answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.apiKey;
}
