import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('is off by default and with off/false/0', () => {
    expect(trust()).toBe(false);
    for (const off of ['off', 'false', '0', 'OFF']) expect(trust(off)).toBe(false);
  });

  it('on means one hop (the proxy in front), never every hop', () => {
    for (const on of ['on', 'true', '1', 'On']) expect(trust(on)).toBe(1);
  });

  it('takes a hop count', () => {
    expect(trust('2')).toBe(2);
    expect(trust(' 3 ')).toBe(3);
  });

  it('takes a comma-separated list of proxy addresses and CIDRs, IPv4 and IPv6', () => {
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8,::1')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const bad of ['yes', '99', '-1', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'fd00::/129', '10.0.0.1/8/1', 'localhost']) {
      expect(() => trust(bad)).toThrow(/^Invalid TRUST_PROXY: must be off, on, a hop count/);
    }
  });
});

describe('MUSIC_DIR', () => {
  const base = { NODE_ENV: 'test' };
  const tmp = os.tmpdir();

  it('is empty when unset, and takes several folders separated by the path delimiter', () => {
    expect(loadConfig(base).musicDirs).toEqual([]);
    expect(loadConfig({ ...base, MUSIC_DIR: [tmp, process.cwd()].join(path.delimiter) }).musicDirs).toEqual([path.resolve(tmp), path.resolve(process.cwd())]);
  });

  it('refuses a folder that does not exist, or a file, naming the variable', () => {
    expect(() => loadConfig({ ...base, MUSIC_DIR: path.join(tmp, 'no-such-music-folder-x9') })).toThrow(
      /^Invalid MUSIC_DIR: the folder .*no-such-music-folder-x9 does not exist/,
    );
    expect(() => loadConfig({ ...base, MUSIC_DIR: path.resolve('package.json') })).toThrow('is not a folder');
  });
});

describe('MUSIC_WATCH', () => {
  it('is on by default, off with false/off/0, and refuses anything else naming the variable', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).musicWatch).toBe(true);
    for (const off of ['false', 'off', '0']) expect(loadConfig({ NODE_ENV: 'test', MUSIC_WATCH: off }).musicWatch).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', MUSIC_WATCH: 'sometimes' })).toThrow(/^Invalid MUSIC_WATCH: /);
  });
});

describe('PGLITE_WASM', () => {
  it('is baseline by default, takes optimized, and refuses anything else naming the variable', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).pgliteWasm).toBe('baseline');
    expect(loadConfig({ NODE_ENV: 'test', PGLITE_WASM: 'optimized' }).pgliteWasm).toBe('optimized');
    expect(() => loadConfig({ NODE_ENV: 'test', PGLITE_WASM: 'fast' })).toThrow(/^Invalid PGLITE_WASM: /);
  });
});

describe('RADIO_STREAM_*', () => {
  it('defaults to 128 kbit/s, 500 listeners, 3 per user, an encoder idle for 30 s', () => {
    expect(loadConfig({}).radioStream).toEqual({ bitrateKbps: 128, maxListeners: 500, maxPerUser: 3, idleStopMs: 30_000 });
  });

  it('reads the settings, and names a wrong one', () => {
    const env = { RADIO_STREAM_BITRATE: '192', RADIO_STREAM_MAX_LISTENERS: '50', RADIO_STREAM_MAX_PER_USER: '1', RADIO_STREAM_IDLE_S: '2.5' };
    expect(loadConfig(env).radioStream).toEqual({ bitrateKbps: 192, maxListeners: 50, maxPerUser: 1, idleStopMs: 2500 });
    expect(() => loadConfig({ RADIO_STREAM_BITRATE: '100' })).toThrow(/RADIO_STREAM_BITRATE.*64, 96, 128/);
    expect(() => loadConfig({ RADIO_STREAM_MAX_PER_USER: '0' })).toThrow(/RADIO_STREAM_MAX_PER_USER/);
  });
});

describe('scrobbling (LISTENBRAINZ_URL, LASTFM_*)', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('scrobbles to ListenBrainz by default, and has no Last.fm without the admin key and secret', () => {
    expect(load({}).scrobble).toEqual({ listenBrainzUrl: 'https://api.listenbrainz.org', lastfm: null });
    expect(load({ LISTENBRAINZ_URL: 'https://maloja.example/apis/listenbrainz/' }).scrobble.listenBrainzUrl).toBe('https://maloja.example/apis/listenbrainz');
  });

  it('takes the Last.fm key and secret together, with the documented default addresses', () => {
    expect(load({ LASTFM_API_KEY: 'abc123', LASTFM_API_SECRET: 'def456' }).scrobble.lastfm).toEqual({
      apiKey: 'abc123',
      apiSecret: 'def456',
      apiUrl: 'https://ws.audioscrobbler.com/2.0/',
      authUrl: 'https://www.last.fm/api/auth/',
    });
    expect(() => load({ LASTFM_API_KEY: 'abc123' })).toThrow('Invalid LASTFM_API_SECRET: LASTFM_API_KEY and LASTFM_API_SECRET go together');
    expect(() => load({ LISTENBRAINZ_URL: 'not a url' })).toThrow(/^Invalid LISTENBRAINZ_URL/);
  });
});
