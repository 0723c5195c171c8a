/**
 * The embedded database under kill -9: start the real server on a DATA_DIR, write concurrently
 * (likes, Music Box suggestions and votes), kill -9 in the middle of them, restart on the same
 * DATA_DIR, and check that every acknowledged write is there. After the last cycle the database
 * itself is opened: each suggestion's vote_count equals its vote rows.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { LikedIdsResponse, LikeToggleResponse } from '../../../contract/liked';
import { openDatabase, type Database } from '../../db/open';
import { uploadTempDir } from '../../library/mediaDir';
import { STALE_PART_AGE_MS } from '../../startup/staleUploads';
import { spawnServer, type ServerProcess } from './serverProcess';

async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const CYCLES = Number(process.env.FAULT_CYCLES ?? 5);
const ADMIN = { email: 'admin@faults.test', password: 'admin-password-faults' };
const USERS = 4;

interface Account {
  id: string;
  headers: Record<string, string>;
}

describe(`PGlite: kill -9 during writes, ${CYCLES} cycles`, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-crash-'));
  let server: ServerProcess | null = null;

  afterAll(async () => {
    await server?.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    spawnServer({
      DATA_DIR: dataDir,
      DEMO_LIBRARY: 'on',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'faults-secret-faults-secret-faults-secret-0123',
    });

  async function call<T = unknown>(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: T }> {
    const res = await fetch(`${server!.baseUrl}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as T };
  }

  async function signIn(username: string, password: string): Promise<Account> {
    const res = await call<{ token: { token: string; user: { id: string } } }>('POST', '/api/auth/login', {}, { username, password });
    expect(res.status).toBe(200);
    return { id: res.json.token.user.id, headers: { authorization: `Bearer ${res.json.token.token}` } };
  }

  it('loses no acknowledged like, suggestion or vote, and vote counts match vote rows', async () => {
    const startedAt = Date.now();
    server = await start();
    const accounts: Account[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const username = `crash${i}`;
      const password = 'crash-password-1';
      expect((await call('POST', '/api/auth/register', {}, { username, email: `${username}@faults.test`, password })).status).toBe(201);
      accounts.push(await signIn(username, password));
    }
    const songIds: string[] = (await call<{ songs: { id: string }[] }>('GET', '/api/songs?limit=100', accounts[0].headers)).json.songs.map((s) => s.id);
    expect(songIds.length).toBeGreaterThanOrEqual(10);

    const ackedLikes = new Set<string>(); // user:song answered liked: true
    const triedLikes = new Set<string>(); // never toggled twice: an unanswered toggle leaves the state unknown
    const ackedSuggestions = new Set<string>();
    const ackedVotes = new Set<string>(); // user:suggestion
    const expectLikesKept = async () => {
      for (const account of accounts) {
        const res = await call<LikedIdsResponse>('GET', '/api/liked-songs/ids', account.headers);
        expect(res.status).toBe(200);
        const ids = res.json.songIds;
        for (const key of ackedLikes) if (key.startsWith(`${account.id}:`)) expect(ids).toContain(key.split(':')[1]);
      }
    };
    let suggestionNo = 0;
    let writesAcked = 0;
    let survived = 0;

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      if (!server) server = await start();
      // every acknowledged write of the cycles before is still there
      await expectLikesKept();
      for (const id of ackedSuggestions) expect((await call('GET', `/api/musicbox/suggestions/${id}`, accounts[0].headers)).status).toBe(200);
      if (cycle > 1) survived += 1;

      const live = server;
      let stop = false;
      let killed = false;
      let ackedThisCycle = 0;
      const likeWriter = async (account: Account) => {
        // 3 a cycle: 15 demo songs last the 5 cycles, and the suggestions get their share of the writes
        let left = 3;
        for (const songId of songIds) {
          const key = `${account.id}:${songId}`;
          if (stop || left === 0 || triedLikes.has(key)) continue;
          left -= 1;
          triedLikes.add(key);
          const res = await call<LikeToggleResponse>('POST', `/api/liked-songs/${songId}/toggle`, account.headers);
          if (res.status !== 200) throw new Error(`like answered ${res.status}`);
          expect(res.json.liked).toBe(true);
          ackedLikes.add(key);
          ackedThisCycle += 1;
        }
      };
      const suggestWriter = async (account: Account) => {
        // under the per-user limit of 10 a minute (a restart empties it)
        for (let n = 0; n < 6 && !stop; n += 1) {
          suggestionNo += 1;
          const res = await call<{ suggestion: { id: string } }>('POST', '/api/musicbox/suggestions', account.headers, {
            title: `Crash song ${suggestionNo}`,
            artist: `Cycle ${cycle}`,
          });
          if (res.status !== 201) throw new Error(`suggestion answered ${res.status}`);
          const id = res.json.suggestion.id;
          ackedSuggestions.add(id);
          ackedThisCycle += 1;
          for (const voter of accounts) {
            if (stop) break;
            const vote = await call('POST', `/api/musicbox/suggestions/${id}/vote`, voter.headers);
            if (vote.status !== 200) throw new Error(`vote answered ${vote.status}`);
            ackedVotes.add(`${voter.id}:${id}`);
            ackedThisCycle += 1;
          }
        }
      };
      const writers = accounts
        .flatMap((account) => [likeWriter(account), suggestWriter(account)])
        .map((p) =>
          // the kill turns the writes in flight into network errors: those were never acknowledged
          p.catch((error: Error) => {
            if (!killed) throw error;
          }),
        );
      // kill -9 once this cycle's writes are under way (a random few more in flight)
      const target = 12 + Math.floor(Math.random() * 10);
      const deadline = Date.now() + 10_000;
      while (ackedThisCycle < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      killed = true;
      await live.crash();
      stop = true;
      await Promise.all(writers);
      writesAcked += ackedThisCycle;
      server = null;
    }

    // an upload the kill cut off an hour ago: start-up removes its part file
    const tmpDir = uploadTempDir(path.join(dataDir, 'media'));
    mkdirSync(tmpDir, { recursive: true });
    const stalePart = path.join(tmpDir, 'killed-upload.part');
    writeFileSync(stalePart, 'half an upload');
    const anHourAgo = (Date.now() - STALE_PART_AGE_MS - 60_000) / 1000;
    utimesSync(stalePart, anHourAgo, anHourAgo);

    // one more start: the last kill's acknowledged writes too
    server = await start();
    expect(existsSync(stalePart)).toBe(false);
    await expectLikesKept();
    survived += 1;
    await server.stop();
    server = null;

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const counts = await rowsOf<{ id: string; vote_count: number; rows: number }>(
        database,
        sql`select s.id, s.vote_count, (select count(*)::int from suggestion_votes v where v.suggestion_id = s.id) as rows from suggestions s`,
      );
      const mismatched = counts.filter((r) => r.vote_count !== r.rows);
      expect(mismatched).toEqual([]);
      const present = new Set(counts.map((r) => r.id));
      for (const id of ackedSuggestions) expect(present.has(id)).toBe(true);
      const votes = await rowsOf<{ key: string }>(database, sql`select user_id || ':' || suggestion_id as key from suggestion_votes`);
      const voteKeys = new Set(votes.map((r) => r.key));
      for (const key of ackedVotes) expect(voteKeys.has(key)).toBe(true);
      const likes = await rowsOf<{ key: string }>(database, sql`select user_id || ':' || song_id as key from liked_songs`);
      const likeKeys = new Set(likes.map((r) => r.key));
      for (const key of ackedLikes) expect(likeKeys.has(key)).toBe(true);
      console.log(
        `faults (PGlite kill -9): ${survived}/${CYCLES} kills survived; ${writesAcked} acknowledged writes ` +
          `(${ackedLikes.size} likes, ${ackedSuggestions.size} suggestions, ${ackedVotes.size} votes), 0 lost; ` +
          `${counts.length} suggestions with vote_count = vote rows; ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
    expect(survived).toBe(CYCLES);
  }, 180_000);
});
