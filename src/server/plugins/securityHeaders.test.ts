import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { insertSong, writeMediaFile } from '../library/test/songFixtures';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestApp, type TestUser } from '../test/testApp';
import { CSP_NONCE_PLACEHOLDER } from './spa';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
}, 60_000);
afterAll(async () => t?.close());

/** The headers every response carries, whatever made it. */
function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = String(res.headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp.split(';')).toContain(directive);
  }
  expect(csp).toMatch(/(^|;)style-src 'self' 'nonce-[A-Za-z0-9_-]{22}'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  const permissions = String(res.headers['permissions-policy']).split(', ');
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()']) expect(permissions).toContain(denied);
  expect(permissions).toEqual(expect.arrayContaining(['autoplay=(self)', 'fullscreen=(self)']));
}

function nonceOf(res: LightMyRequestResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']));
  if (!match) throw new Error('no nonce in the CSP header');
  return match[1];
}

describe('security headers', () => {
  it('are on a JSON answer, an error and an API 404', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json.statusCode).toBe(200);
    expectSecurityHeaders(json);

    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/songs' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);

    const badJson = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(badJson.statusCode).toBe(400);
    expectSecurityHeaders(badJson);

    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);

    const subsonic = await t.app.inject({ method: 'GET', url: '/rest/ping.view?f=json' });
    expect(subsonic.statusCode).toBe(200);
    expectSecurityHeaders(subsonic);
  });

  it('are on an audio range (206) and a playlist cover, nosniff included', async () => {
    const name = await writeMediaFile(t.config.mediaDir, Buffer.alloc(4096, 1));
    const song = await insertSong(t.app.db, { title: 'Header Check', artist: 'Helmet', durationMs: 1000, path: name, mimeType: 'audio/wav', sizeBytes: 4096 });
    const audio = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${song.id}`, headers: { ...user.headers, range: 'bytes=0-99' } });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.length).toBe(100);
    expectSecurityHeaders(audio);

    const boundary = '----security-headers-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nCovered\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const cover = await t.app.inject({ method: 'GET', url: created.json().playlist.coverImage });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expectSecurityHeaders(cover);
  });

  it('are on the 400 for a URL Fastify cannot decode, answered before any hook, which echoes no path', async () => {
    for (const url of ['/api/%E0%A4%A', '/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Request failed with status 400' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('never repeat a nonce, across refills of the random pool (256 nonces each)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(nonceOf(await t.app.inject({ method: 'GET', url: '/api/no/such/route' })));
    expect(seen.size).toBe(600);
  });

  it('send HSTS only when PUBLIC_URL is https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://music.example.test' }, database: t.database });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy']).split(';')).toContain('upgrade-insecure-requests');
    } finally {
      await secure.app.close();
    }
  });
});

describe('the SPA and its CSP nonce', () => {
  let clientDir: string;
  let spa: FastifyInstance;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-spa-'));
    // the real template, as the build would copy it (html-webpack-plugin keeps the meta tag)
    const template = await readFile(path.join(REPO, 'public/index.html'), 'utf8');
    expect(template).toContain(`<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"`);
    await writeFile(path.join(clientDir, 'index.html'), template);
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'assets/main.0123456789ab.js'), 'console.log(1);');
    await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(clientDir, 'manifest.webmanifest'), await readFile(path.join(REPO, 'public/manifest.webmanifest')));
    spa = await buildApp({ config: t.config, database: t.database, jwtSecret: TEST_JWT_SECRET, clientDir });
    await spa.ready();
  });
  afterAll(async () => {
    await spa?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('gives every index.html its own nonce, the same in the CSP header and in the page', async () => {
    const first = await spa.inject({ method: 'GET', url: '/' });
    const second = await spa.inject({ method: 'GET', url: '/playlists/deep/link' });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonceOf(res)}"`);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it('never sends index.html as a plain file, whose placeholder would match no header', async () => {
    const direct = await spa.inject({ method: 'GET', url: '/index.html' });
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain(`nonce="${nonceOf(direct)}"`);
    expect(direct.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('puts the headers on static assets', async () => {
    const asset = await spa.inject({ method: 'GET', url: '/assets/main.0123456789ab.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1);');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
  });

  it('serves the web app manifest as one and the service worker revalidated on every check', async () => {
    const manifest = await spa.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Wavelength', start_url: '/', display: 'standalone' });
    const worker = await spa.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(worker);
  });
});
