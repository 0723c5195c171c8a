import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chunkPoolPlugin } from '../../plugins/chunkPool';
import { HttpError } from '../httpError';
import { sendMediaFile } from './sendFile';

/** sendMediaFile opens the file once and reads the range from that descriptor; every way out closes it. */

const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-send-file-'));
const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
writeFileSync(path.join(dir, 'song.bin'), content);
mkdirSync(path.join(dir, 'folder'));
execFileSync('mkfifo', [path.join(dir, 'fifo')]);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(chunkPoolPlugin);
  app.setErrorHandler((error: Error, _request, reply) => reply.status(error instanceof HttpError ? error.statusCode : 500).send({ message: error.message }));
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:name',
    handler: (request, reply) => sendMediaFile(request, reply, path.join(dir, (request.params as { name: string }).name), 'audio/wav'),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const openFds = () => readdirSync('/proc/self/fd').length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('sendMediaFile', () => {
  it('sends a range from the descriptor it opened, and leaves no descriptor open after any answer', async () => {
    const before = openFds();
    const ranged = await app.inject({ url: '/files/song.bin', headers: { range: 'bytes=3-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('3456789');
    const whole = await app.inject({ url: '/files/song.bin' });
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect((await app.inject({ method: 'HEAD', url: '/files/song.bin' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/files/song.bin', headers: { range: 'bytes=999-' } })).statusCode).toBe(416);
    expect((await app.inject({ url: '/files/song.bin', headers: { 'if-none-match': ranged.headers.etag as string } })).statusCode).toBe(304);
    await settle();
    expect(openFds()).toBe(before);
  });

  it('answers 404 for a folder or a FIFO where the file was, without waiting for a writer', async () => {
    const before = openFds();
    expect((await app.inject({ url: '/files/folder' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/files/fifo' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/files/missing.bin' })).statusCode).toBe(404);
    await settle();
    expect(openFds()).toBe(before);
  });
});
