import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastfmSignature } from '../lastfm';

/**
 * A local Last.fm API for tests (real HTTP on 127.0.0.1) with the documented rules
 * (https://www.last.fm/api/authspec, https://www.last.fm/api/show/track.scrobble): every call has
 * the API key and an api_sig that must match (md5 of the sorted parameters and the secret, format
 * and callback left out); auth.getSession trades a token the user allowed for a session key;
 * track.scrobble takes 1 to 50 scrobbles, each with artist, track and timestamp; errors are
 * { error, message }. Told to fail: 5xx the next N times.
 */
export interface ScrobbleCall {
  method: string;
  sk: string;
  params: Record<string, string>;
}

export interface MockLastfm {
  apiUrl: string;
  authUrl: string;
  calls: ScrobbleCall[];
  refused: { status: number; error: number; message: string }[];
  /** a token as if `username` allowed the app on Last.fm's page */
  allowedToken(username: string): string;
  failNext(times: number, status: number): void;
  close(): Promise<void>;
}

export async function startMockLastfm(options: { apiKey: string; apiSecret: string }): Promise<MockLastfm> {
  const calls: ScrobbleCall[] = [];
  const refused: { status: number; error: number; message: string }[] = [];
  const tokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  let failures = { times: 0, status: 500 };

  function fail(res: http.ServerResponse, status: number, error: number, message: string) {
    refused.push({ status, error, message });
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, message }));
  }
  const ok = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function handle(params: Record<string, string>, res: http.ServerResponse) {
    if (failures.times > 0) {
      failures.times -= 1;
      return fail(res, failures.status, 16, 'The service is temporarily unavailable, please try again.');
    }
    if (params.api_key !== options.apiKey) return fail(res, 403, 10, 'Invalid API key - You must be granted a valid key by last.fm');
    const { api_sig: sig, ...signed } = params;
    if (!sig || sig !== lastfmSignature(signed, options.apiSecret)) return fail(res, 403, 13, 'Invalid method signature supplied');
    if (params.method === 'auth.getSession') {
      const name = tokens.get(params.token ?? '');
      if (!name) return fail(res, 403, 4, 'Unauthorized Token - This token has not been issued');
      tokens.delete(params.token);
      const key = randomBytes(16).toString('hex');
      sessions.set(key, name);
      return ok(res, { session: { name, key, subscriber: 0 } });
    }
    if (!sessions.has(params.sk ?? '')) return fail(res, 403, 9, 'Invalid session key - Please re-authenticate');
    if (params.method === 'track.updateNowPlaying') {
      if (!params.artist || !params.track) return fail(res, 400, 6, 'Invalid parameters - artist and track are required');
      calls.push({ method: params.method, sk: params.sk, params });
      return ok(res, { nowplaying: { track: { '#text': params.track }, artist: { '#text': params.artist } } });
    }
    if (params.method === 'track.scrobble') {
      const count = Object.keys(params).filter((k) => /^timestamp\[\d+\]$/.test(k)).length;
      if (count < 1 || count > 50) return fail(res, 400, 6, 'Invalid parameters - 1 to 50 scrobbles per call');
      for (let i = 0; i < count; i += 1) {
        if (!params[`artist[${i}]`] || !params[`track[${i}]`] || !/^\d+$/.test(params[`timestamp[${i}]`] ?? '')) {
          return fail(res, 400, 6, `Invalid parameters - scrobble ${i} needs artist, track and timestamp`);
        }
      }
      calls.push({ method: params.method, sk: params.sk, params });
      return ok(res, { scrobbles: { '@attr': { accepted: count, ignored: 0 } } });
    }
    fail(res, 400, 3, 'Invalid Method - No method with that name in this package');
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST') return fail(res, 405, 3, 'POST only');
      handle(Object.fromEntries(new URLSearchParams(raw)), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${base}/2.0/`,
    authUrl: `${base}/api/auth/`,
    calls,
    refused,
    allowedToken(username) {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, username);
      return token;
    },
    failNext(times, status) {
      failures = { times, status };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
