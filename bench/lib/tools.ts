import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOOLS_DIR } from './paths';

/**
 * Tools the bench needs but the app does not: installed on demand, never in package.json.
 * nginx-light from Debian's packages; lighthouse 12 from the npm registry into bench/.tools
 * (gitignored), with the override STACK.md names (lighthouse asks for third-party-web "latest").
 */
export const LIGHTHOUSE_VERSION = '12.8.2';
export const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`))));
  });
}

export function findNginx(): string | null {
  return NGINX_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** nginx from Debian's nginx-light, installed with apt-get when missing (the bench runs as root here). */
export async function ensureNginx(log: (m: string) => void): Promise<string> {
  const found = findNginx();
  if (found) return found;
  if (spawnSync('apt-get', ['--version']).status !== 0) throw new Error('nginx is missing and apt-get is not available: install nginx-light');
  log('installing nginx-light with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], env);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], env);
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx-light but no nginx binary was found');
  return installed;
}

/** lame from Debian's packages (to make an MP3 for the click-to-sound part), installed when missing. */
export async function ensureLame(log: (m: string) => void): Promise<string> {
  const lame = ['/usr/bin/lame', '/usr/local/bin/lame'].find((p) => existsSync(p));
  if (lame) return lame;
  if (spawnSync('apt-get', ['--version']).status !== 0) throw new Error('lame is missing and apt-get is not available: install lame');
  log('installing lame with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], env);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'lame'], env);
  if (!existsSync('/usr/bin/lame')) throw new Error('apt-get installed lame but /usr/bin/lame was not found');
  return '/usr/bin/lame';
}

/** Runs a tool to completion; rejects with the tail of its output when it fails. */
export const runTool = run;

export function lighthouseCli(): string {
  return path.join(TOOLS_DIR, 'node_modules/lighthouse/cli/index.js');
}

/** lighthouse@12.8.2 into bench/.tools with `npm install --no-save --prefix`, when missing. */
export async function ensureLighthouse(log: (m: string) => void): Promise<string> {
  const cli = lighthouseCli();
  if (existsSync(cli)) return cli;
  log(`installing lighthouse@${LIGHTHOUSE_VERSION} into bench/.tools (once)`);
  mkdirSync(TOOLS_DIR, { recursive: true });
  writeFileSync(
    path.join(TOOLS_DIR, 'package.json'),
    `${JSON.stringify({ name: 'wavelength-bench-tools', private: true, overrides: { '@paulirish/trace_engine': { 'third-party-web': '0.30.0' } } }, null, 2)}\n`,
  );
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', TOOLS_DIR, `lighthouse@${LIGHTHOUSE_VERSION}`]);
  if (!existsSync(cli)) throw new Error(`npm installed lighthouse but ${cli} is missing`);
  return cli;
}
