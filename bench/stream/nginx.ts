import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

export interface RunningNginx {
  baseUrl: string;
  /** the master process (its one worker is its child) */
  pid: number;
  stop(): Promise<void>;
}

/**
 * nginx serving `root` on a free loopback port from a temporary configuration: one worker
 * (the app is one Node process), sendfile on, no access log, in the foreground.
 */
export async function startNginx(binary: string, root: string): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'wavelength-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const conf = `
user root;
worker_processes 1;
daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { audio/wav wav; audio/mpeg mp3; }
  default_type application/octet-stream;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { }
  }
}
`;
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    try {
      await fetch(`${baseUrl}/`, { method: 'HEAD' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
