/**
 * What pglite-socket's multiplexer does with several pg connections, beside the same questions asked of
 * the reference PostgreSQL: LISTEN/NOTIFY, an open transaction against another connection, and many
 * concurrent parameterised statements (each connection must get its own answers).
 * Usage: tsx bench/candidates/checks.ts <workDir> <scratchDatabase>. Prints one RESULT line.
 */
import pg from 'pg';
import { REFERENCE_URL, socketPoolConfig, startHost } from './openers';

const WAIT_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome<T> = { answered: T; afterMs: number } | { waiting: true };

/** What `promise` gave within `ms`, or that it was still waiting. */
async function within<T>(promise: Promise<T>, ms: number): Promise<Outcome<T>> {
  const started = Date.now();
  const timeout = sleep(ms).then(() => ({ waiting: true }) as const);
  return Promise.race([promise.then((answered) => ({ answered, afterMs: Date.now() - started })), timeout]);
}

async function connect(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function listenNotify(config: pg.ClientConfig, notifyInside?: () => Promise<void>, relayed?: string[]) {
  const listener = await connect(config);
  const sender = await connect(config);
  const heard: string[] = [];
  const senderHeard: string[] = [];
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  sender.on('notification', (message) => senderHeard.push(message.payload ?? ''));
  await listener.query('listen wl_check');
  await sender.query("notify wl_check, 'from another pg connection'");
  await sleep(WAIT_MS);
  const fromOtherConnection = heard.includes('from another pg connection');
  let fromPglite: boolean | 'n/a' = 'n/a';
  if (notifyInside) {
    await notifyInside();
    await sleep(WAIT_MS);
    fromPglite = heard.includes('from pglite');
  }
  await listener.query('select 1');
  await sleep(100);
  const afterListenerQueried = [...heard];
  await sender.query("notify wl_check, 'self'");
  await sleep(100);
  await Promise.all([listener.end(), sender.end()]);
  return {
    fromOtherConnection,
    fromPglite,
    heardAfterListenerQueried: afterListenerQueried,
    /** what the sending connection received itself (pglite-socket may deliver there) */
    senderHeard,
    /** what PGlite's own listen() in the host heard of the pg connections' NOTIFYs */
    relayedByPgliteListen: relayed ? [...relayed] : 'n/a',
  };
}

async function isolation(config: pg.ClientConfig) {
  const a = await connect(config);
  const b = await connect(config);
  await a.query('drop table if exists wl_iso');
  await a.query('create table wl_iso (x int)');
  await a.query('begin');
  await a.query('insert into wl_iso values (1)');
  const bCount = b.query('select count(*)::int as n from wl_iso').then((result) => result.rows[0].n as number);
  const whileOpen = await within(bCount, WAIT_MS);
  const aSeesOwnRow = (await a.query('select count(*)::int as n from wl_iso')).rows[0].n === 1;
  await a.query('rollback');
  const afterRollback = await within(bCount, WAIT_MS);
  // b in a transaction of its own while a (not in one) writes: a must not land inside b's transaction.
  await b.query('begin');
  await b.query('insert into wl_iso values (2)');
  const aWrite = within(
    a.query('insert into wl_iso values (3)').then(() => 'inserted'),
    WAIT_MS,
  );
  await b.query('rollback');
  const aWriteOutcome = await aWrite;
  const rowsLeft = (await a.query('select x from wl_iso order by x')).rows.map((row) => row.x as number);
  await a.query('drop table wl_iso');
  await Promise.all([a.end(), b.end()]);
  return { otherConnectionWhileOpen: whileOpen, aSeesOwnRow, otherConnectionAfterRollback: afterRollback, aWriteOutcome, rowsLeft };
}

/** 4 connections, 300 parameterised statements each, each text its own: every answer must be its asker's. */
async function interleave(config: pg.ClientConfig) {
  const clients = await Promise.all(Array.from({ length: 4 }, () => connect(config)));
  let wrong = 0;
  let errors = 0;
  await Promise.all(
    clients.map(async (client, k) => {
      for (let i = 0; i < 300; i++) {
        try {
          const result = await client.query(`select $1::int + ${k} as v, $2::text as who`, [i, `c${k}`]);
          if (result.rows[0].v !== i + k || result.rows[0].who !== `c${k}`) wrong++;
        } catch {
          errors++;
        }
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return { statements: 1200, wrong, errors };
}

async function main() {
  const [workDir, scratchDatabase] = process.argv.slice(2);
  setTimeout(() => {
    console.error('checks: over 120 s, giving up');
    process.exit(3);
  }, 120_000).unref();
  const socketDir = `${workDir}/checks-socket`;
  const host = await startHost('worker', {
    dataDir: `${workDir}/checks`,
    socketDir,
    maxConnections: 8,
    relayChannel: 'wl_check',
  });
  const socket = socketPoolConfig(socketDir, 1);
  const notifyInside = async () => void (await host.send({ type: 'notify', channel: 'wl_check', payload: 'from pglite' }));
  const url = new URL(REFERENCE_URL);
  url.pathname = `/${scratchDatabase}`;
  const reference = { connectionString: url.toString() };
  const result = {
    pgliteSocket: {
      listenNotify: await listenNotify(socket, notifyInside, host.heard),
      isolation: await isolation(socket),
      interleave: await interleave(socket),
    },
    postgres: {
      listenNotify: await listenNotify(reference),
      isolation: await isolation(reference),
      interleave: await interleave(reference),
    },
  };
  await host.send({ type: 'stop' });
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
