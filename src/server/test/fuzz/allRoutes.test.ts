import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/open';
import { insertSongs } from '../../library/test/songFixtures';
import { TEST_JWT_SECRET, createUser, type TestUser } from '../testApp';
import { createTestDatabase } from '../testDb';
import { body, forgedCredentials, jsonValue, pathParam, queryString, text, type BodySpec } from './arbitraries';
import { contractFieldNames, schemasForRoute } from './contractFields';
import { leaksIn } from './responseLeaks';
import { listRoutes, type RouteEntry } from './routeTable';
import { fromSchema, nearlyValid } from './schemaArbitrary';

/**
 * Property: whatever arrives at any route, as anyone, the answer is not a 5xx and carries no stack,
 * SQL or file path. FUZZ_RUNS=10000 for a long run; FUZZ_SEED to replay one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** websocket upgrade: not an HTTP request/response route */
const SKIPPED = new Set(['GET /api/radio/ws']);
/** routes whose success is binary media, not a message to check for leaks */
const BINARY_ON_SUCCESS = new Set(['GET /api/songs/stream/:id', 'GET /api/playlists/:id/cover']);

type Role = 'anonymous' | 'forged' | 'listener' | 'admin';
interface Finding {
  request: string;
  status: number;
  problem: string;
  body: string;
}

let app: FastifyInstance;
let database: Database;
let listener: TestUser;
let admin: TestUser;
let knownIds: string[];
let sampleFiles: Buffer[];
const serverErrors: string[] = [];

beforeAll(async () => {
  const dataDir = path.join(os.tmpdir(), `wavelength-fuzz-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_LIBRARY: 'off' });
  // a built client's stand-in, as `npm start` always has one: a path param such as '..' can lead
  // outside its route to the app's pages (/rest/.. is /), which answer 503 when no client is built
  const clientDir = path.join(dataDir, 'client');
  await mkdir(clientDir, { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Wavelength</title><script nonce="__CSP_NONCE__"></script>');
  database = await createTestDatabase();
  const clock = { now: Date.now() };
  // errors are logged into serverErrors, so a 5xx found is reported with its cause
  const logger = { level: 'error', stream: { write: (line: string) => serverErrors.push(line) } };
  app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, now: () => clock.now, clientDir, logger });
  await app.ready();

  listener = await createUser({ app, clock });
  admin = await createUser({ app, clock }, { role: 'admin' });
  const songs = await insertSongs(app.db, [120, 200, 90, 3600]);
  knownIds = [...songs.map((s) => s.id), listener.user.id, admin.user.id];
  for (const [i, song] of songs.entries()) {
    const playlist = await app.inject({ method: 'POST', url: '/api/playlists', headers: listener.headers, payload: { name: `Fuzz ${i}` } });
    const playlistId = playlist.json().playlist.id as string;
    await app.inject({ method: 'POST', url: `/api/playlists/${playlistId}/songs`, headers: listener.headers, payload: { songId: song.id } });
    const suggestion = await app.inject({
      method: 'POST',
      url: '/api/musicbox/suggestions',
      headers: listener.headers,
      payload: { title: `Wish ${i}`, artist: 'Band' },
    });
    const queued = await app.inject({ method: 'POST', url: '/api/radio/queue', headers: admin.headers, payload: { songId: song.id } });
    knownIds.push(playlistId, suggestion.json().suggestion?.id, queued.json().track?.id);
  }
  knownIds = knownIds.filter((id): id is string => typeof id === 'string');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  sampleFiles = [await readFile(path.join(import.meta.dirname, '../../modules/songs/fixtures/tone.wav')), png];
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

function headersFor(role: Role, forged: Record<string, string>, spec: BodySpec): Record<string, string> {
  const auth = role === 'listener' ? listener.headers : role === 'admin' ? admin.headers : role === 'forged' ? forged : {};
  return spec.kind === 'raw' ? { ...auth, 'content-type': spec.contentType } : auth;
}

function describeRequest(options: InjectOptions & { url: string }, role: Role, spec: BodySpec): string {
  const shown = spec.kind === 'none' ? '' : spec.kind === 'json' ? JSON.stringify(spec.value) : `${spec.contentType} ${String(spec.payload)}`;
  return `${role} ${options.method} ${options.url} ${shown}`.slice(0, 300);
}

/** the logged cause of the last 5xx: its message and the first frame in our code */
function lastServerError(): string {
  const line = serverErrors.at(-1);
  if (!line) return 'nothing logged';
  const { err } = JSON.parse(line) as { err?: { message?: string; stack?: string } };
  const frame = err?.stack?.split('\n').find((l) => l.includes('/src/server/')) ?? '';
  return `${err?.message ?? line.slice(0, 200)} ${frame.trim()}`;
}

/** an object as a query string; arrays repeat their key, objects go as JSON text */
function toQueryString(value: unknown): string {
  const params = new URLSearchParams();
  if (value === null || typeof value !== 'object') return '';
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      const text = typeof one === 'string' ? one : JSON.stringify(one);
      if (text !== undefined && isEncodable(key) && isEncodable(text)) params.append(key, text);
    }
  }
  return params.toString();
}

const isEncodable = (text: string) => !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

describe('fuzzing every route', () => {
  it(
    `answers ${RUNS} arbitrary requests without a 5xx or a leak`,
    async () => {
      const routes = listRoutes(app).filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
      expect(routes.length).toBeGreaterThan(40);
      const fields = contractFieldNames();
      const findings: Finding[] = [];
      const statuses = new Map<string, number>();
      let tried = 0;

      const anyBody = body(fields, knownIds, sampleFiles);
      const anyQuery = queryString(fields);
      const request = fc.constantFrom<RouteEntry>(...routes).chain((route) => {
        // bodies and queries shaped by the route's own contract schemas reach past validation
        const shaped = schemasForRoute(route.url).map((schema) => nearlyValid(fromSchema(schema, knownIds, jsonValue(fields, knownIds)), text));
        const shapedBody = shaped.length > 0 ? fc.oneof(...shaped).map((value): BodySpec => ({ kind: 'json', value })) : anyBody;
        const shapedQuery = shaped.length > 0 ? fc.oneof(...shaped).map(toQueryString) : anyQuery;
        return fc.record({
          route: fc.constant(route),
          role: fc.constantFrom<Role>('anonymous', 'forged', 'listener', 'admin'),
          forged: forgedCredentials,
          params: fc.array(pathParam(knownIds), { minLength: 3, maxLength: 3 }),
          query: fc.option(fc.oneof(anyQuery, shapedQuery), { freq: 2 }),
          body: fc.oneof(anyBody, shapedBody),
          address: fc.ipV4(),
        });
      });

      await fc.assert(
        fc.asyncProperty(request, async ({ route, role, forged, params, query, body: spec, address }) => {
          // signing the fixtures out would turn every later request into a 401
          if (route.url === '/api/auth/logout' && role !== 'anonymous') return;
          let n = 0;
          const url = route.url.replace(/:[A-Za-z]+/g, () => params[n++]) + (query === null ? '' : `?${query}`);
          const options: InjectOptions & { url: string } = {
            method: route.method as InjectOptions['method'],
            url,
            headers: headersFor(role, forged, spec),
            remoteAddress: address,
            ...(spec.kind === 'json'
              ? { payload: JSON.stringify(spec.value) ?? 'null', headers: { ...headersFor(role, forged, spec), 'content-type': 'application/json' } }
              : {}),
            ...(spec.kind === 'raw' ? { payload: spec.payload } : {}),
          };
          const res = await app.inject(options);
          tried += 1;
          const bucket = `${route.method} ${Math.floor(res.statusCode / 100)}xx`;
          statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
          const binary = res.statusCode < 300 && BINARY_ON_SUCCESS.has(`${route.method} ${route.url}`);
          const leaks = binary ? [] : leaksIn(res.body);
          if (res.statusCode >= 500 || leaks.length > 0) {
            findings.push({
              request: describeRequest(options, role, spec),
              status: res.statusCode,
              problem: leaks.join(', ') || lastServerError(),
              body: res.body.slice(0, 300),
            });
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );

      const fiveXx = findings.filter((f) => f.status >= 500).length;
      process.stdout.write(
        `fuzz: ${tried} requests over ${routes.length} routes (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}; 5xx: ${fiveXx}; leaks: ${findings.length - fiveXx}\n`,
      );
      expect(findings).toEqual([]);
      // the property was not vacuous: the fixtures stayed signed in and requests got through
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: listener.headers })).statusCode).toBe(200);
      const successes = [...statuses].filter(([bucket]) => bucket.endsWith('2xx')).reduce((sum, [, count]) => sum + count, 0);
      expect(successes).toBeGreaterThan(RUNS / 50);
    },
    Math.max(120_000, RUNS * 200),
  );
});
