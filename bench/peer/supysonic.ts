/**
 * Debian's supysonic (a Subsonic server in Python) for the peer part: installed with apt-get when
 * missing (with python3-waitress, the WSGI server its supysonic-server wraps; Debian only recommends
 * Apache's mod_wsgi), configured by a supysonic.conf in its own folder (a sqlite database, the
 * music folder, no web UI, no watcher), scanned with its CLI and served on loopback.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runTool } from '../lib/tools';
import { peakMemoryWhileRunning } from './memory';

const CLI = '/usr/bin/supysonic-cli';
const SERVER = '/usr/bin/supysonic-server';
export const SUPYSONIC_USER = { name: 'bench', password: 'bench-peer-pass' };

/** Debian's python (the scripts' shebang), not one a version manager puts first on PATH */
function hasWaitress(): boolean {
  return spawnSync('/usr/bin/python3', ['-c', 'import waitress']).status === 0;
}

export async function ensureSupysonic(log: (m: string) => void): Promise<string> {
  if (existsSync(CLI) && existsSync(SERVER) && hasWaitress()) return versionOf();
  if (spawnSync('apt-get', ['--version']).status !== 0)
    throw new Error('supysonic is missing and apt-get is not available: install supysonic and python3-waitress');
  log('installing supysonic and python3-waitress with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runTool('apt-get', ['update', '-qq'], env);
  await runTool('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'supysonic', 'python3-waitress'], env);
  if (!existsSync(CLI) || !hasWaitress()) throw new Error('apt-get ran but supysonic-cli or waitress is still missing');
  return versionOf();
}

function versionOf(): string {
  const out = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'supysonic'], { encoding: 'utf8' });
  return out.stdout.trim() || 'unknown';
}

/** supysonic reads ./supysonic.conf (IniConfig.common_paths); every command runs in `dir`. */
export function writeConfig(dir: string): void {
  writeFileSync(
    path.join(dir, 'supysonic.conf'),
    [
      '[base]',
      `database_uri = sqlite:///${path.join(dir, 'supysonic.db')}`,
      '[webapp]',
      `cache_dir = ${path.join(dir, 'cache')}`,
      'mount_webui = off',
      'log_level = ERROR',
      '[daemon]',
      `socket = ${path.join(dir, 'supysonic.sock')}`,
      'run_watcher = no',
      '',
    ].join('\n'),
  );
}

function cli(dir: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI, args, { cwd: dir, env: { ...process.env, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`supysonic-cli ${args.join(' ')} exited ${code}: ${output.slice(-1000)}`))));
  });
}

export async function addUserAndFolder(dir: string, musicDir: string): Promise<void> {
  await cli(dir, ['user', 'add', SUPYSONIC_USER.name, '-p', SUPYSONIC_USER.password]);
  await cli(dir, ['folder', 'add', 'music', musicDir]);
}

/** `supysonic-cli folder scan --foreground music`, timed from outside (Python's start included), its peak RSS sampled. */
export async function scanFolder(dir: string): Promise<{ ms: number; peakMb: number; output: string }> {
  const started = performance.now();
  const child = spawn(CLI, ['folder', 'scan', '--foreground', 'music'], { cwd: dir, env: { ...process.env, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const peak = peakMemoryWhileRunning(child.pid!);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - started;
  const peakMb = peak.stop();
  if (code !== 0) throw new Error(`supysonic-cli folder scan exited ${code}: ${output.slice(-1000)}`);
  return { ms, peakMb, output: output.trim().split('\n').slice(-3).join('; ') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface SupysonicServer {
  baseUrl: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** supysonic-server on waitress (its default 4 threads), on a free loopback port; resolves once /rest/ping answers. */
export async function startServer(dir: string): Promise<SupysonicServer> {
  const port = await freePort();
  const child = spawn(SERVER, ['-S', 'waitress', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors = (errors + d).slice(-2000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`supysonic-server exited ${child.exitCode}: ${errors}`);
    const ok = await fetch(`${baseUrl}/rest/ping?u=${SUPYSONIC_USER.name}&p=${SUPYSONIC_USER.password}&v=1.10.2&c=bench&f=json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`supysonic-server did not answer /rest/ping within 30 s: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, pid: child.pid!, process: child, stop };
}
