import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Recorder, request } from './client';

describe('the mixed load recorder', () => {
  it('counts latencies under their family and errors by kind, with a few samples each', () => {
    const recorder = new Recorder();
    recorder.latency('search', 10);
    recorder.latency('search', 30);
    recorder.latency('stream', 50);
    for (let i = 0; i < 8; i += 1) recorder.error('search: HTTP 500', `sample ${i}`);
    const summary = recorder.summary(2);
    expect(summary.requests).toBe(3);
    expect(summary.requestsPerSecond).toBe(1.5);
    expect(summary.families.search).toMatchObject({ count: 2, p50: 10, max: 30 });
    expect(summary.families.like.count).toBe(0);
    expect(summary.overall).toMatchObject({ count: 3, p99: 50 });
    expect(summary.errors).toBe(8);
    expect(summary.errorKinds['search: HTTP 500'].samples).toHaveLength(5);
  });
});

describe('request', () => {
  let server: http.Server;
  let base: string;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/search')) return res.end('{"ok":true}');
      if (req.url?.startsWith('/api/songs/stream/')) {
        res.statusCode = req.headers.range ? 206 : 200;
        return res.end('abc');
      }
      if (req.url?.startsWith('/api/albums')) req.socket.destroy();
      res.statusCode = 500;
      res.end('{"success":false}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((r) => server.close(r));
  });

  it('times an expected answer under its family, and records other statuses and socket errors as errors', async () => {
    const recorder = new Recorder();
    expect((await request(base, agent, recorder, '/api/search?q=abc'))?.status).toBe(200);
    expect((await request(base, agent, recorder, '/api/songs/stream/x', { headers: { range: 'bytes=0-2' }, expect: [206] }))?.body.toString()).toBe('abc');
    expect(await request(base, agent, recorder, '/api/songs/stream/x', { expect: [206] })).toBeNull();
    expect(await request(base, agent, recorder, '/api/songs/x')).toBeNull();
    expect(await request(base, agent, recorder, '/api/albums')).toBeNull();
    const summary = recorder.summary(1);
    expect(summary.families.search.count).toBe(1);
    expect(summary.families.stream.count).toBe(1);
    expect(Object.keys(summary.errorKinds).sort()).toEqual(['albums: socket error', 'songs: HTTP 500', 'stream: HTTP 200']);
    expect(() => request(base, agent, recorder, '/api/radio/queue')).toThrow('no request of the mix');
  });
});
