import http from 'node:http';
import { readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createTestApp, createUser, type TestApp } from '../../test/testApp';
import { insertSong, writeMediaFile } from '../../library/test/songFixtures';
import { streamCookieHeader } from './test/streamCookieHeader';

/**
 * Over a real socket (app.inject never sees partial writes or backpressure): the chunks of
 * lib/http/pooledFileRange.ts reach fast and slow readers at once with every byte where it belongs.
 * That a chunk is reused only after its write completed is checked in pooledFileRange.test.ts.
 */

let t: TestApp;
let baseUrl: string;
const content = randomBytes(3 * 1024 * 1024 + 123);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

function get(url: string, headers: Record<string, string>, agent: http.Agent, slow: boolean): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          if (slow) {
            res.pause();
            setTimeout(() => res.resume(), 1);
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

it('sends the exact bytes of whole files and ranges to fast and slow readers at once', async () => {
  const name = await writeMediaFile(t.config.mediaDir, content);
  const song = await insertSong(t.app.db, { title: 'Bytes', artist: 'Socket', durationMs: 1000, path: name, mimeType: 'audio/wav', sizeBytes: content.length });
  const { cookie } = await streamCookieHeader(t.app, await createUser(t));
  const url = `${baseUrl}/api/songs/stream/${song.id}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  try {
    await Promise.all(
      Array.from({ length: 6 }, async (_, reader) => {
        for (let i = 0; i < 6; i += 1) {
          const start = Math.floor(next() * content.length);
          const end = Math.min(content.length - 1, start + Math.floor(next() * 1_500_000));
          const whole = i === 0;
          const got = await get(url, whole ? { cookie } : { cookie, range: `bytes=${start}-${end}` }, agent, reader % 2 === 0);
          expect(got.status).toBe(whole ? 200 : 206);
          expect(got.body.equals(whole ? content : content.subarray(start, end + 1))).toBe(true);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
});

it('leaves no file open after answering 200, 206, 304, 416 and HEAD', async () => {
  const name = await writeMediaFile(t.config.mediaDir, content);
  const song = await insertSong(t.app.db, {
    title: 'Descriptors',
    artist: 'Socket',
    durationMs: 1000,
    path: name,
    mimeType: 'audio/wav',
    sizeBytes: content.length,
  });
  const { cookie } = await streamCookieHeader(t.app, await createUser(t));
  const url = `/api/songs/stream/${song.id}`;
  const first = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  const openFds = () => readdirSync('/proc/self/fd').length;
  const before = openFds();
  const asked: [string, Record<string, string>, number][] = [
    ['GET', {}, 200],
    ['GET', { range: 'bytes=10-99' }, 206],
    ['GET', { 'if-none-match': String(first.headers.etag) }, 304],
    ['GET', { range: `bytes=${content.length + 5}-` }, 416],
    ['HEAD', {}, 200],
  ];
  for (let round = 0; round < 10; round += 1) {
    for (const [method, headers, status] of asked) {
      expect((await t.app.inject({ method: method as 'GET' | 'HEAD', url, headers: { cookie, ...headers } })).statusCode).toBe(status);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  // a leak would add one per 200, 206, 304 or 416 answer (40); other descriptors of the process may close meanwhile
  expect(openFds()).toBeLessThanOrEqual(before);
});
