/**
 * One client process of the multi-process fan-out (multiProcess.ts): opens its share of radio
 * sockets and reports, on the machine's wall clock, when each socket received each TRACK_CHANGE.
 * Messages are told apart by prefix, as in fanout.ts, to keep the client's own cost low.
 */
import WebSocket from 'ws';

type Command =
  | { cmd: 'connect'; url: string; tokens: string[]; concurrency: number }
  | { cmd: 'arm' }
  | { cmd: 'collect'; timeoutMs: number }
  | { cmd: 'close' };

const wall = () => performance.timeOrigin + performance.now();
const sockets: { ws: WebSocket; trackChanges: number[]; listenerUpdates: number; closed?: string }[] = [];
let armed: number[] = [];
let cpuAtArm = process.cpuUsage();

function open(url: string): Promise<void> {
  // the server's frames are valid UTF-8 JSON; checking them again here would only add to the client's share of the time
  const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
  const client: (typeof sockets)[number] = { ws, trackChanges: [], listenerUpdates: 0 };
  sockets.push(client);
  return new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      // the first bytes tell the types apart; decoding a whole QUEUE_UPDATE for each of 2,500 sockets would not be cheap
      const text = data.toString('latin1', 0, 32);
      if (text.startsWith('{"type":"TRACK_CHANGE"')) client.trackChanges.push(wall());
      else if (text.startsWith('{"type":"LISTENERS_UPDATE"')) client.listenerUpdates += 1;
      else if (text.startsWith('{"type":"QUEUE_UPDATE"')) resolve();
      else if (text.startsWith('{"type":"ERROR"')) reject(new Error(String(data)));
    });
    ws.on('error', reject);
    ws.on('close', (code, reason) => {
      client.closed = `${code}${reason.length ? ` ${reason.toString()}` : ''}`;
      reject(new Error(`closed ${code}`));
    });
  });
}

/** How many sockets missed the TRACK_CHANGE, and of those how many the server had closed (by close code). */
function missingReport(missing: typeof sockets): string {
  const closes = new Map<string, number>();
  for (const s of missing) if (s.closed) closes.set(s.closed, (closes.get(s.closed) ?? 0) + 1);
  const closed = [...closes].map(([code, n]) => `${n} closed ${code}`).join(', ');
  return `${missing.length} sockets got no TRACK_CHANGE in time${closed ? ` (${closed})` : ' (all still open)'}`;
}

async function handle(message: Command): Promise<unknown> {
  switch (message.cmd) {
    case 'connect': {
      const startedAt = wall();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(message.concurrency, message.tokens.length) }, async () => {
          while (next < message.tokens.length) await open(message.url + encodeURIComponent(message.tokens[next++]));
        }),
      );
      return { startedAt, doneAt: wall(), sockets: sockets.length };
    }
    case 'arm':
      armed = sockets.map((s) => s.trackChanges.length);
      cpuAtArm = process.cpuUsage();
      return { listenerUpdates: sockets[0]?.listenerUpdates ?? 0 };
    case 'collect': {
      const deadline = Date.now() + message.timeoutMs;
      while (sockets.some((s, i) => s.trackChanges.length <= armed[i])) {
        if (Date.now() > deadline) throw new Error(missingReport(sockets.filter((s, i) => s.trackChanges.length <= armed[i])));
        await new Promise((r) => setTimeout(r, 2));
      }
      const cpu = process.cpuUsage(cpuAtArm);
      return { arrivals: sockets.map((s, i) => s.trackChanges[armed[i]]), cpuMs: (cpu.user + cpu.system) / 1000 };
    }
    case 'close':
      for (const s of sockets) s.ws.terminate();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (raw: { id: number } & Command) => {
  handle(raw).then(
    (result) => process.send!({ id: raw.id, ok: true, result }),
    (error: Error) => process.send!({ id: raw.id, ok: false, error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
