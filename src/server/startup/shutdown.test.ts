/**
 * SIGTERM drains a real server process: /api/ready says 503 "draining", new connections are
 * refused, a download that was under way arrives whole, radio sockets are closed with 1012, the
 * process exits 0, and the next start on the same DATA_DIR opens its database as usual.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RADIO_WS_CLOSE_SERVICE_RESTART } from '../../contract/radioConstants';
import { encodeWav } from '../library/demo/wav';
import { openSocket, waitFor } from '../modules/radio/test/helpers';
import { spawnServer, type ServerProcess } from '../test/faults/serverProcess';

const ADMIN = { email: 'drain@example.test', password: 'drain-password-1' };
/** 8 MB of audio: far more than the socket buffers hold, so the download is still being sent at SIGTERM */
const SAMPLES = 4 * 1024 * 1024;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-drain-data-'));
const musicDir = mkdtempSync(path.join(os.tmpdir(), 'wl-drain-music-'));
const wav = encodeWav(
  new Int16Array(SAMPLES).map((_, i) => Math.round(8000 * Math.sin(i / 20))),
  44100,
);
writeFileSync(path.join(musicDir, 'long.wav'), wav);
const env = {
  DATA_DIR: dataDir,
  MUSIC_DIR: musicDir,
  MUSIC_WATCH: 'off',
  DEMO_LIBRARY: 'off',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SHUTDOWN_GRACE_S: '60',
};

async function signIn(server: ServerProcess): Promise<{ token: string; songId: string }> {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const { token } = ((await login.json()) as { token: { token: string } }).token;
  let songId = '';
  await waitFor(
    async () => {
      const res = await fetch(`${server.baseUrl}/api/songs`, { headers: { authorization: `Bearer ${token}` } });
      songId = ((await res.json()) as { songs: { id: string }[] }).songs[0]?.id ?? '';
      return songId !== '';
    },
    30_000,
    'the scanned song',
  );
  return { token, songId };
}

/** A raw connection: the stream's request now, its bytes read only when let go, and the next request written on the same connection. */
function rawDownload(port: number, pathAndQuery: string, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => {
    chunks.push(chunk);
    if (chunks.length === 1) socket.pause();
  });
  const ended = new Promise<Buffer>((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks))));
  socket.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  return { socket, started: () => chunks.length > 0, ended };
}

/** The first response's status, declared length and body length, and the text of what followed it. */
function splitResponses(all: Buffer) {
  const headEnd = all.indexOf('\r\n\r\n');
  const head = all.subarray(0, headEnd).toString();
  const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
  const body = all.subarray(headEnd + 4, headEnd + 4 + length);
  return { status: head.split(' ')[1], length, bodyLength: body.length, body, next: all.subarray(headEnd + 4 + length).toString() };
}

// the process runs on PGlite whatever the suite's engine (spawnServer leaves DATABASE_URL out): once, in npm test
const onPglite = process.env.DATABASE_URL ? it.skip : it;

onPglite(
  'SIGTERM: ready 503, no new connections, the download whole, radio told to reconnect, exit 0, and the next start opens the database',
  async () => {
    const server = await spawnServer(env);
    try {
      const { token, songId } = await signIn(server);
      const radio = openSocket(`${server.baseUrl.replace('http', 'ws')}/api/radio/ws?token=${token}`);
      await radio.next('QUEUE_UPDATE', 10_000);
      const port = Number(new URL(server.baseUrl).port);
      const download = rawDownload(port, `/api/songs/stream/${songId}`, token);
      await waitFor(download.started, 10_000, 'the download to start');

      server.process.kill('SIGTERM');
      expect((await radio.closed).code).toBe(RADIO_WS_CLOSE_SERVICE_RESTART);
      await waitFor(
        () =>
          fetch(`${server.baseUrl}/api/health`).then(
            () => false,
            () => true,
          ),
        10_000,
        'new connections to be refused',
      );
      expect(server.alive).toBe(true);
      // asked on the connection still busy with the download: answered after it, while draining
      download.socket.write('GET /api/ready HTTP/1.1\r\nHost: localhost\r\n\r\n');
      download.socket.resume();
      const first = splitResponses(await download.ended);
      expect(first.status).toBe('200');
      expect(first.length).toBe(wav.length);
      expect(first.bodyLength).toBe(wav.length);
      expect(first.body.equals(wav)).toBe(true);
      expect(first.next).toMatch(/^HTTP\/1\.1 503 /);
      expect(first.next).toMatch(/connection: close/i);
      expect(first.next).toContain('{"success":false,"reason":"draining"}');

      await server.exited;
      expect(server.process.exitCode).toBe(0);
    } finally {
      await server.crash();
    }

    const again = await spawnServer(env);
    try {
      const ready = await fetch(`${again.baseUrl}/api/ready`);
      expect(ready.status).toBe(200);
      expect((await signIn(again)).songId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await again.stop();
    }
    expect(again.process.exitCode).toBe(0);
  },
  180_000,
);
