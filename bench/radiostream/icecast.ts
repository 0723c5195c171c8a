import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

export const ICECAST_BINARY = '/usr/bin/icecast2';
const SOURCE_PASSWORD = 'bench-source';

export interface RunningIcecast {
  /** the listen URL of the mount the feed plays on */
  url: string;
  pid: number;
  /** the ffmpeg feeding it (decode + MP3 encode, as the app's encoder does) */
  feedPid: number;
  stop(): Promise<void>;
}

/** Debian's icecast2, installed with apt-get when missing (the bench runs as root here). */
export function ensureIcecast(log: (m: string) => void): void {
  if (existsSync(ICECAST_BINARY)) return;
  log('installing icecast2 with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'icecast2'], { env, stdio: 'ignore' });
  if (installed.status !== 0 || !existsSync(ICECAST_BINARY)) throw new Error('icecast2 is missing and apt-get could not install it');
}

function config(port: number, dir: string): string {
  return `<icecast>
  <limits><clients>1000</clients><sources>2</sources><queue-size>524288</queue-size><burst-size>65536</burst-size></limits>
  <authentication><source-password>${SOURCE_PASSWORD}</source-password><admin-user>admin</admin-user><admin-password>bench-admin</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <fileserve>0</fileserve>
  <paths><logdir>${dir}</logdir><pidfile>${path.join(dir, 'icecast.pid')}</pidfile><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><errorlog>error.log</errorlog><accesslog>access.log</accesslog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>
</icecast>
`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForMount(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) })
      .then(async (r) => {
        await r.body?.cancel();
        return r.status === 200;
      })
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${url} did not answer 200`);
    await sleep(200);
  }
}

/**
 * icecast2 on a free loopback port (a temporary configuration, privileges dropped to nobody) and
 * one ffmpeg feeding `file` to it in real time, looped, as 128 kbps MP3: the reference the
 * station's stream is measured beside.
 */
export async function startIcecast(file: string, bitrateKbps: number): Promise<RunningIcecast> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-icecast-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const configFile = path.join(dir, 'icecast.xml');
  writeFileSync(configFile, config(port, dir));
  const server = spawn(ICECAST_BINARY, ['-c', configFile], { stdio: 'ignore' });
  const mount = `http://127.0.0.1:${port}/live`;
  await sleep(500);
  const feed = spawn(
    'ffmpeg',
    [
      '-v',
      'error',
      '-re',
      '-stream_loop',
      '-1',
      '-i',
      file,
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${bitrateKbps}k`,
      '-ar',
      '44100',
      '-ac',
      '2',
      '-content_type',
      'audio/mpeg',
      '-f',
      'mp3',
      `icecast://source:${SOURCE_PASSWORD}@127.0.0.1:${port}/live`,
    ],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    feed.kill('SIGKILL');
    server.kill('SIGTERM');
    await sleep(300);
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForMount(mount, feed, 'the icecast2 feed');
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: mount, pid: server.pid!, feedPid: feed.pid!, stop };
}
