/**
 * The app under test, in a process of its own (so the load generator never shares its event
 * loop): buildApp over a temporary database, listening on a free loopback port. The parent
 * (serverHandle.ts) drives it over IPC to seed songs, add media, create users and run SQL.
 *
 * Environment: BENCH_DATABASE_URL (postgres://… of a scratch database; otherwise an in-memory
 * PGlite), BENCH_CLIENT_DIR (a client build to serve, or none), BENCH_DATA_DIR (temporary folder),
 * BENCH_MUSIC_DIR (MUSIC_DIR; scans run on the `scan` command), BENCH_PGLITE_ON_DISK=1 (PGlite in
 * BENCH_DATA_DIR/db as `npm start` keeps it, rather than in memory), BENCH_PGLITE_THREAD=main|worker
 * (where PGlite runs; default as `npm start`), BENCH_TRUST_PROXY (TRUST_PROXY, e.g. loopback: clients
 * then tell their own address in X-Forwarded-For, as behind a reverse proxy).
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/open';
import { albums, artists, songs, users } from '../../src/server/db/schema';
import { foldText } from '../../src/server/lib/text';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { createSession } from '../../src/server/modules/auth/sessions';
import { songKeys } from '../../src/server/library/songKeys';
import { generatedSongRow, seedGeneratedSongs } from '../search/seedSongs';
import { generateLibrary, type LibraryShape } from '../subsonic/library';

export type ServerCommand =
  | { cmd: 'seedSongs'; count: number; seed?: number }
  | ({ cmd: 'seedLibrary' } & LibraryShape)
  | { cmd: 'addSong'; title: string; artist: string; file: string; mimeType: string; durationMs: number; sizeBytes: number }
  | { cmd: 'user'; role?: 'user' | 'admin'; password?: string }
  | { cmd: 'token'; userId: string; role: 'user' | 'admin' }
  | { cmd: 'streamCookie'; userId: string }
  | { cmd: 'sql'; text: string }
  | { cmd: 'memory' }
  | { cmd: 'profileStart' }
  | { cmd: 'profileStop'; file: string }
  | { cmd: 'loopDelayStart' }
  | { cmd: 'loopDelayStop' }
  | { cmd: 'scan' }
  | { cmd: 'watch' }
  | { cmd: 'watchStatus' }
  | { cmd: 'close' };

export interface BenchUser {
  id: string;
  email: string;
  username: string;
  password: string;
  token: string;
}

const dataDir = process.env.BENCH_DATA_DIR!;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO_LIBRARY: 'off',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...(process.env.BENCH_MUSIC_DIR ? { MUSIC_DIR: process.env.BENCH_MUSIC_DIR } : {}),
  ...(process.env.BENCH_TRUST_PROXY ? { TRUST_PROXY: process.env.BENCH_TRUST_PROXY } : {}),
});
const pgliteDir = process.env.BENCH_PGLITE_ON_DISK === '1' ? path.join(dataDir, 'db') : undefined;
const pgliteThread = process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : process.env.BENCH_PGLITE_THREAD === 'worker' ? 'worker' : undefined;
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 10, pgliteThread });
await migrateDatabase(database);
const app = await buildApp({
  config,
  database,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
  clientDir: process.env.BENCH_CLIENT_DIR || null,
  ownsDatabase: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const db = app.db;

async function seedSongs(count: number, seed = 42): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  const inserted = await seedGeneratedSongs(db, count, seed);
  return { inserted, ms: Math.round(performance.now() - started) };
}

/**
 * A library as a scan leaves it (bench/subsonic/library.ts): artists, albums and songs pointing at
 * them (album_id, album, album_artist, artists[], track numbers, genres), searchable by album name
 * as scanned songs are. No files: paths name nothing.
 */
async function seedLibrary(shape: LibraryShape): Promise<{ songs: number; albums: number; artists: number; ms: number }> {
  const started = performance.now();
  const library = generateLibrary(shape);
  await db.execute(sql`drop index if exists songs_search_trgm_idx`);
  await db.insert(artists).values(library.artists.map((name) => ({ name, sortKey: foldText(name) })));
  const albumIds: string[] = [];
  for (let i = 0; i < library.albums.length; i += 500) {
    const rows = await db
      .insert(albums)
      .values(
        library.albums
          .slice(i, i + 500)
          .map((a) => ({ name: a.name, albumArtist: a.albumArtist, year: a.year, groupKey: a.groupKey, sortKey: foldText(a.name) })),
      )
      .returning({ id: albums.id });
    albumIds.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < library.songs.length; i += 2000) {
    await db.insert(songs).values(
      library.songs.slice(i, i + 2000).map((song) => {
        const album = library.albums[song.album];
        const row = generatedSongRow(song);
        return {
          ...row,
          searchText: `${row.searchText} ${foldText(album.name)}`,
          source: 'scan' as const,
          albumId: albumIds[song.album],
          album: album.name,
          albumArtist: album.albumArtist,
          artists: song.artists,
          trackNumber: song.trackNumber,
          discNumber: 1,
          year: album.year,
          genres: [album.genre],
          codec: 'mp3',
          bitRate: 192_000,
          sampleRate: 44_100,
        };
      }),
    );
  }
  await db.execute(sql`create index if not exists songs_search_trgm_idx on songs using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`analyze songs`);
  await db.execute(sql`analyze albums`);
  await db.execute(sql`analyze artists`);
  return { songs: library.songs.length, albums: albumIds.length, artists: library.artists.length, ms: Math.round(performance.now() - started) };
}

let userCounter = 0;
/** An in-process CPU profiler, started and stopped around a measured window only. */
let profiler: Session | null = null;
/** The event loop's delay over a measured window (perf_hooks), sampled every 10 ms. */
let loopDelay: IntervalHistogram | null = null;
async function createUser(role: 'user' | 'admin', password = 'bench-password-1'): Promise<BenchUser> {
  userCounter += 1;
  const name = `bench${userCounter}${randomBytes(3).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({ username: name, email: `${name}@bench.test`, passwordHash: await hashPassword(password), role })
    .returning();
  const token = await accessToken(user.id, role);
  return { id: user.id, email: user.email, username: user.username, password, token };
}

async function accessToken(userId: string, role: 'user' | 'admin'): Promise<string> {
  const { sessionId, jti } = await createSession(db, userId, new Date());
  return (await app.tokens.signAccess({ userId, role, sessionId, jti })).token;
}

async function handle(message: ServerCommand): Promise<unknown> {
  switch (message.cmd) {
    case 'seedSongs':
      return seedSongs(message.count, message.seed);
    case 'seedLibrary':
      return seedLibrary({ songs: message.songs, albums: message.albums, artists: message.artists });
    case 'addSong': {
      const name = `${randomUUID()}${path.extname(message.file)}`;
      await mkdir(config.mediaDir, { recursive: true });
      await copyFile(message.file, path.join(config.mediaDir, name));
      const [row] = await db
        .insert(songs)
        .values({
          title: message.title,
          artist: message.artist,
          durationMs: message.durationMs,
          path: name,
          mimeType: message.mimeType,
          sizeBytes: message.sizeBytes,
          ...songKeys(message.title, message.artist),
        })
        .returning({ id: songs.id });
      return { id: row.id, path: name, mediaDir: config.mediaDir };
    }
    case 'user':
      return createUser(message.role ?? 'user', message.password);
    case 'token':
      return accessToken(message.userId, message.role);
    case 'streamCookie': {
      // what sign-in sets: the session's wl_stream cookie, as a Cookie header value
      const { sessionId } = await createSession(db, message.userId, new Date());
      return `wl_stream=${await app.tokens.signStreamSession({ userId: message.userId, sessionId })}`;
    }
    case 'sql': {
      const result = (await db.execute(sql.raw(message.text))) as unknown as { rows: unknown[] };
      return result.rows;
    }
    case 'memory':
      // a full collection first (the server runs with --expose-gc), so before/after compare live memory
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage();
    case 'profileStart':
      profiler ??= new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
      return null;
    case 'profileStop': {
      if (!profiler) throw new Error('no profile running');
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      await mkdir(path.dirname(message.file), { recursive: true });
      await writeFile(message.file, JSON.stringify(profile));
      return message.file;
    }
    case 'loopDelayStart':
      loopDelay?.disable();
      loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      return null;
    case 'loopDelayStop': {
      if (!loopDelay) throw new Error('no event-loop delay histogram running');
      loopDelay.disable();
      const ms = (ns: number) => ns / 1e6;
      const h = loopDelay;
      loopDelay = null;
      return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean), count: h.count };
    }
    case 'scan': {
      // one scan of MUSIC_DIR to its end, timed here (no IPC in the figure)
      const started = performance.now();
      const answer = await app.library.start();
      if (answer !== 'started') throw new Error(`scan did not start: ${answer}`);
      await app.library.whenIdle();
      return { ms: performance.now() - started, result: app.library.status().lastResult };
    }
    case 'watch':
      app.libraryWatcher.start();
      return null;
    case 'watchStatus':
      return { scansStarted: app.libraryWatcher.scansStarted, running: app.library.status().running };
    case 'close':
      await app.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (raw: { id: number } & ServerCommand) => {
  handle(raw).then(
    (result) => process.send!({ id: raw.id, ok: true, result }),
    (error: Error) => process.send!({ id: raw.id, ok: false, error: error.stack ?? String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true, port, kind: database.kind, pid: process.pid });
