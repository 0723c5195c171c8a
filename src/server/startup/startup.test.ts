import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';

const root = path.resolve(process.cwd());

/** Runs the real entry point and collects what it prints and how it exits. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/index.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), SKIP_CLIENT_BUILD: '1', DEMO_LIBRARY: 'off', LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('start-up errors', () => {
  it('a port already in use gives one clear line and exit code 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await runServer({ PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-port-')) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`wavelength: port ${port} on 127.0.0.1 is already in use (set PORT to another port)`);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it("removes at start the unfinished FLAC copies a killed server's ffmpeg left in DATA_DIR/transcode (issue 27, item 9)", async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const { port } = blocker.address() as net.AddressInfo;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-parts-'));
    mkdirSync(path.join(dataDir, 'transcode'));
    // written by a process that is gone (no pid this high runs); the start stops at the taken port, after the sweep
    const part = path.join(dataDir, 'transcode', 'song.flac.2147483646-0f0e.part');
    writeFileSync(part, 'half a copy');
    try {
      await runServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(existsSync(part)).toBe(false);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it('an unwritable DATA_DIR gives one clear line and exit code 1', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'wl-ro-'));
    const dir = path.join(parent, 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o500);
    // root may write anywhere, so a path below a regular file is the unwritable case every user has.
    const target = process.getuid?.() === 0 ? path.join(root, 'package.json', 'data') : dir;
    const result = await runServer({ PORT: '0', DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^wavelength: DATA_DIR .+ is not writable \((ENOTDIR|EACCES|EEXIST)\)/);
  }, 90_000);

  it('a wrong configuration value stops start-up with a line naming the variable', async () => {
    const result = await runServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-cfg-')) });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^wavelength: Invalid PORT: /);
  }, 90_000);
});

describe('loadConfig', () => {
  it('has the defaults of DESIGN.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      maxUploadBytes: 200 * 1024 * 1024,
      transcodeCacheBytes: 2048 * 1024 * 1024,
      demoLibrary: true,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mediaDir).toBe(path.resolve('./data/media'));
  });

  it('refuses production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('Invalid JWT_SECRET: required when NODE_ENV=production');
  });

  it('names the variable of a wrong value', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL: /);
    expect(() => loadConfig({ DEMO_LIBRARY: 'maybe' })).toThrow(/^Invalid DEMO_LIBRARY: /);
  });
});
