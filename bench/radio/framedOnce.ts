/**
 * The radio hub's broadcast loop alone, two ways side by side in one process (by hand; bench/notes.md,
 * "radio: fan-out at 10,000"): ws.send of the same payload to every socket (ws frames it per socket:
 * a header, then cork + two writes = one writev), against one frame built once and written whole
 * to each socket's TCP connection (hub.ts). Rounds alternate the two; each round times the
 * synchronous loop (wall, and the process's user and system CPU: system time is the kernel's work
 * per socket, on loopback including the receiving side's TCP processing), then waits until every
 * client has the message.
 *
 *   ulimit -n 30000; npx tsx bench/radio/framedOnce.ts [--sockets 10000] [--rounds 10] [--bytes 450,4800]
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from '../../src/server/modules/radio/textFrame';

interface Args {
  sockets: number;
  rounds: number;
  /** payload sizes: a TRACK_CHANGE and a QUEUE_UPDATE of a 12-song queue are about these */
  bytes: number[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sockets: 10_000, rounds: 10, bytes: [450, 4800] };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--sockets') args.sockets = Number(argv[i + 1]);
    else if (argv[i] === '--rounds') args.rounds = Number(argv[i + 1]);
    else if (argv[i] === '--bytes') args.bytes = argv[i + 1].split(',').map(Number);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return args;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Peer {
  ws: WebSocket;
  wire: Socket;
}

type Way = 'ws.send' | 'framed once';

function sendAll(way: Way, peers: Peer[], payload: Buffer): void {
  if (way === 'ws.send') {
    for (const { ws } of peers) ws.send(payload, { binary: false });
    return;
  }
  const frame = textFrame(payload);
  for (const { wire } of peers) wire.write(frame);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  const peers: Peer[] = [];
  wss.on('connection', (ws, request) => peers.push({ ws, wire: request.socket as Socket }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let received = 0;
  const clients: WebSocket[] = [];
  for (let i = 0; i < args.sockets; i += 500) {
    const batch = Array.from({ length: Math.min(500, args.sockets - i) }, () => {
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      ws.on('message', () => (received += 1));
      clients.push(ws);
      return new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    });
    await Promise.all(batch);
  }
  while (peers.length < args.sockets) await new Promise((r) => setTimeout(r, 10));

  for (const bytes of args.bytes) {
    const payload = Buffer.from(JSON.stringify({ type: 'TRACK_CHANGE', data: 'x'.repeat(Math.max(0, bytes - 40)) }));
    const samples: Record<Way, { wall: number[]; user: number[]; system: number[] }> = {
      'ws.send': { wall: [], user: [], system: [] },
      'framed once': { wall: [], user: [], system: [] },
    };
    for (let round = 0; round < args.rounds * 2; round += 1) {
      const way: Way = round % 2 === 0 ? 'ws.send' : 'framed once';
      received = 0;
      const cpu = process.cpuUsage();
      const started = performance.now();
      sendAll(way, peers, payload);
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      samples[way].wall.push((wall * 1000) / peers.length);
      samples[way].user.push(used.user / peers.length);
      samples[way].system.push(used.system / peers.length);
      while (received < args.sockets) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 100));
    }
    const line = (way: Way) =>
      `${way.padEnd(12)} wall ${median(samples[way].wall).toFixed(1)} µs, user ${median(samples[way].user).toFixed(1)} µs, system ${median(samples[way].system).toFixed(1)} µs per socket`;
    console.log(`${payload.length} B to ${args.sockets} sockets, median of ${args.rounds} rounds each (alternating):`);
    console.log(`  ${line('ws.send')}\n  ${line('framed once')}`);
    console.log(`  framed once / ws.send: wall ${(median(samples['framed once'].wall) / median(samples['ws.send'].wall)).toFixed(2)}x`);
  }
  for (const ws of clients) ws.terminate();
  wss.close();
  server.close();
}

await main();
