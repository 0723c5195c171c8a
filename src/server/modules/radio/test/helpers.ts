import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { RadioMessageType, RadioServerMessage } from '../../../../contract/radio';
import type { Db } from '../../../db/open';
import { songs } from '../../../db/schema';

/** Inserts a library song directly (the songs module is not under test here). */
export async function insertSong(db: Db, input: { title?: string; artist?: string; durationMs?: number } = {}) {
  const id = randomBytes(4).toString('hex');
  const title = input.title ?? `Song ${id}`;
  const artist = input.artist ?? `Artist ${id}`;
  const [row] = await db
    .insert(songs)
    .values({
      title,
      artist,
      durationMs: input.durationMs ?? 180_000,
      path: `${id}.wav`,
      mimeType: 'audio/wav',
      sizeBytes: 1000,
      searchText: `${title} ${artist}`.toLowerCase(),
      sortKey: title.toLowerCase(),
      matchKey: `${title}|${artist}`.toLowerCase(),
    })
    .returning();
  return row;
}

/** A radio socket that records what it receives. */
export interface TestSocket {
  ws: WebSocket;
  messages: RadioServerMessage[];
  /** resolves with the first message of `type` after index `from` (default: any not yet taken) */
  next<T extends RadioMessageType>(type: T, timeoutMs?: number): Promise<Extract<RadioServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function openSocket(url: string): TestSocket {
  const ws = new WebSocket(url);
  const messages: RadioServerMessage[] = [];
  const waiters: (() => void)[] = [];
  const taken = new Set<number>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as RadioServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      waiters.splice(0).forEach((w) => w());
    });
  });
  ws.on('error', () => undefined);
  return {
    ws,
    messages,
    closed,
    next(type, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(', ')}`)), timeoutMs);
        const check = () => {
          const index = messages.findIndex((m, i) => m.type === type && !taken.has(i));
          if (index >= 0) {
            taken.add(index);
            clearTimeout(timer);
            resolve(messages[index] as never);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** Polls `fn` until it returns true (or throws after timeoutMs). */
export async function waitFor(fn: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
