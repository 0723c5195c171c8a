import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/testApp';

const SLOW = 60_000;
const TOKEN = 'metrics-token-0123456789abcdef';
let off: TestApp;
let on: TestApp;

beforeAll(async () => {
  off = await createTestApp();
  // a second app with metrics in the same process: each app has its own registry, nothing collides
  on = await createTestApp({ database: off.database, env: { METRICS_TOKEN: TOKEN, MUSIC_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-metrics-')) } });
}, SLOW);
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const scrape = (t: TestApp, authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, with or without a token', async () => {
    expect((await scrape(off)).statusCode).toBe(404);
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers 401 without the token, with a wrong one, or with it outside a Bearer header', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(on, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('wavelength_');
    }
  });

  it('with the token: Prometheus text with the latency of a route called, by pattern and status class, and the app gauges', async () => {
    await on.app.inject({ method: 'GET', url: '/api/health' });
    await on.app.inject({ method: 'GET', url: '/api/songs/00000000-0000-4000-8000-000000000000' });
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(/^wavelength_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} 1$/m);
    // the route pattern, never the raw URL with its id
    expect(body).toMatch(/^wavelength_http_request_duration_seconds_count\{method="GET",route="\/api\/songs\/:id",status_class="4xx"\} 1$/m);
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
    for (const line of [
      /^nodejs_eventloop_lag_p99_seconds \d/m,
      /^wavelength_radio_listeners\{kind="users"\} 0$/m,
      /^wavelength_library_scans_total\{outcome="completed"\} 0$/m,
      /^wavelength_live_transcodes 0$/m,
      /^wavelength_database_pool_connections\{state="(total|idle|waiting)"\} \d+$/m,
      /^wavelength_database_info\{engine="(pglite|pg)",driver="(pglite|pg)"\} 1$/m,
    ]) {
      expect(body).toMatch(line);
    }
  });

  it('counts a finished scan by its outcome', async () => {
    expect(await on.app.library.start()).toBe('started');
    await on.app.library.whenIdle();
    const body = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^wavelength_library_scans_total\{outcome="completed"\} 1$/m);
    expect(body).toMatch(/^wavelength_library_scans_total\{outcome="failed"\} 0$/m);
  });
});
