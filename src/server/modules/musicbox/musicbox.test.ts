import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { matchKey } from '../../lib/text';
import { insertSong } from '../../library/test/songFixtures';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const tag = () => `t${randomBytes(4).toString('hex')}`;

async function suggest(u: TestUser | null, title: string, artist: string) {
  return t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions', headers: u?.headers ?? {}, payload: { title, artist } });
}

async function created(u: TestUser, title: string, artist: string) {
  const res = await suggest(u, title, artist);
  expect(res.statusCode).toBe(201);
  return res.json().suggestion as { id: string; voteCount: number; createdAt: string; status: string };
}

async function list(u: TestUser, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/musicbox/suggestions?${query}`, headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    success: boolean;
    suggestions: { id: string; title: string; voteCount: number; hasVoted: boolean }[];
    total: number;
    page: number;
    hasMore: boolean;
  };
}

const vote = (u: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${id}/toggle-vote`, headers: u.headers });

const setStatus = (u: TestUser | null, id: string, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/musicbox/suggestions/${id}/status`, headers: u?.headers ?? {}, payload: { status } });

async function voteRows(id: string): Promise<number> {
  const result = await t.app.db.execute(sql`select count(*)::int as n from suggestion_votes where suggestion_id = ${id}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

async function storedVoteCount(id: string): Promise<number> {
  const result = await t.app.db.execute(sql`select vote_count from suggestions where id = ${id}`);
  return Number((result as unknown as { rows: { vote_count: number }[] }).rows[0].vote_count);
}

describe('suggesting a song', () => {
  it('answers 201 with the trimmed suggestion, pending, no votes, and the suggester', async () => {
    const u = await createUser(t);
    const title = `  Song ${tag()}  `;
    const res = await suggest(u, title, '  The Artist ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      suggestion: {
        id: expect.any(String),
        title: title.trim(),
        artist: 'The Artist',
        status: 'pending',
        voteCount: 0,
        hasVoted: false,
        suggestedBy: u.user.id,
        suggestedByUser: { id: u.user.id, username: u.user.username },
        songId: null,
        createdAt: new Date(t.clock.now).toISOString(),
      },
    });
  });

  it('requires a title and an artist of 1-200 characters', async () => {
    const u = await createUser(t);
    const blank = await suggest(u, '   ', 'Someone');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ success: false, message: 'Title is required' });
    expect((await suggest(u, 'Something', '')).json().message).toBe('Artist is required');
    const missing = await t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions', headers: u.headers, payload: { title: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Artist is required');
    const long = await suggest(u, 'x'.repeat(201), 'Someone');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Title must be at most 200 characters');
    expect((await suggest(u, `${'y'.repeat(196)}${tag().slice(0, 4)}`, 'Someone')).statusCode).toBe(201);
  });

  it('refuses duplicates that differ in case, accents, spacing and punctuation, with the original', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const id = tag();
    const original = await created(first, `Café del Mar ${id}`, "Guns N' Roses");
    for (const [title, artist] of [
      [`CAFÉ DEL MAR ${id}`, "guns n' roses"],
      [`Cafe del Mar ${id}`, "Guns N' Roses"],
      [`  Café   del  Mar ${id} `, "Guns  N'  Roses"],
      [`Café, del Mar! ${id}`, 'Guns N Roses'],
      [`cafe-del-mar ${id.toUpperCase()}`, 'GUNS N’ ROSES…'],
    ]) {
      const res = await suggest(second, title, artist);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'This song has already been suggested.',
        existingSuggestion: expect.objectContaining({
          id: original.id,
          title: `Café del Mar ${id}`,
          suggestedBy: first.user.id,
          suggestedByUser: { id: first.user.id, username: first.user.username },
          createdAt: original.createdAt,
        }),
      });
    }
    const rows = await t.app.db.execute(
      sql`select count(*)::int as n from suggestions where normalized_key = ${matchKey(`Café del Mar ${id}`, "Guns N' Roses")}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });

  it('keeps exactly one row when 20 identical suggestions arrive at once', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const title = `Race ${tag()}`;
    const answers = await Promise.all(users.map((u) => suggest(u, title, 'Concurrent Artist')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((r) => r.statusCode === 201)!.json().suggestion.id;
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().existingSuggestion.id).toBe(winner);
    const rows = await t.app.db.execute(sql`select id from suggestions where normalized_key = ${matchKey(title, 'Concurrent Artist')}`);
    expect((rows as unknown as { rows: { id: string }[] }).rows).toEqual([{ id: winner }]);
  });

  it('limits one user to 10 suggestions a minute, whatever the address', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const id = tag();
    for (let i = 0; i < 10; i++) expect((await suggest(u, `Limit ${id} ${i}`, 'A')).statusCode).toBe(201);
    const refused = await suggest(u, `Limit ${id} 10`, 'A');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: 'Too many requests. Please wait a moment and try again.' });
    expect((await suggest(other, `Limit ${id} other`, 'A')).statusCode).toBe(201);
  });
});

describe('listing suggestions', () => {
  it('sorts popular by votes descending, ties oldest first; newest by creation descending', async () => {
    const id = tag();
    const author = await createUser(t);
    const voters = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const start = t.clock.now;
    const make = async (name: string, minutes: number) => {
      t.clock.now = start + minutes * 60_000;
      return created(author, `${id} ${name}`, 'Sorter');
    };
    const a = await make('a', 1);
    const b = await make('b', 2);
    const c = await make('c', 3);
    const d = await make('d', 4);
    const e = await make('e', 4); // same instant as d
    t.clock.now = start;
    // votes: c 3, a 1, d 1, e 1, b 0
    for (const v of voters) await vote(v, c.id);
    await vote(voters[0], a.id);
    await vote(voters[1], d.id);
    await vote(voters[2], e.id);

    const [first, second] = [d, e].sort((x, y) => (x.id < y.id ? -1 : 1));
    const popular = await list(author, `search=${id}&sort=popular`);
    expect(popular.suggestions.map((s) => s.id)).toEqual([c.id, a.id, first.id, second.id, b.id]);
    expect(popular.suggestions.map((s) => s.voteCount)).toEqual([3, 1, 1, 1, 0]);
    // popular is the default
    expect((await list(author, `search=${id}`)).suggestions.map((s) => s.id)).toEqual(popular.suggestions.map((s) => s.id));

    const newest = await list(author, `search=${id}&sort=newest`);
    expect(newest.suggestions.map((s) => s.id)).toEqual([second.id, first.id, c.id, b.id, a.id]);
  });

  it('pages 10 at a time by default with total and hasMore, and pages never overlap', async () => {
    const id = tag();
    // three authors: the per-user limit of 10 suggestions a minute
    const authors = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const author = authors[0];
    for (let i = 0; i < 23; i++) {
      t.clock.now += 1000;
      await created(authors[i % 3], `${id} page ${String(i).padStart(2, '0')}`, 'Pager');
    }
    const p1 = await list(author, `search=${id}&sort=newest`);
    expect(p1).toMatchObject({ success: true, total: 23, page: 1, hasMore: true });
    expect(p1.suggestions).toHaveLength(10);
    const p2 = await list(author, `search=${id}&sort=newest&page=2`);
    expect(p2).toMatchObject({ total: 23, page: 2, hasMore: true });
    const p3 = await list(author, `search=${id}&sort=newest&page=3`);
    expect(p3).toMatchObject({ total: 23, page: 3, hasMore: false });
    expect(p3.suggestions).toHaveLength(3);
    const ids = [...p1.suggestions, ...p2.suggestions, ...p3.suggestions].map((s) => s.id);
    expect(new Set(ids).size).toBe(23);
    expect(p1.suggestions[0].title).toBe(`${id} page 22`);

    const exact = await list(author, `search=${id}&limit=23`);
    expect(exact).toMatchObject({ hasMore: false });
    expect(exact.suggestions).toHaveLength(23);
    expect((await list(author, `search=${id}&limit=5&page=5`)).hasMore).toBe(false);
    expect((await list(author, `search=${id}&limit=5&page=4`)).hasMore).toBe(true);
  });

  it('searches title and artist ignoring case, accents and punctuation, and filters by status', async () => {
    const id = tag();
    const u = await createUser(t);
    const s1 = await created(u, `Élan ${id}`, 'Beyoncé');
    const s2 = await created(u, `Other ${id}`, 'Somebody');
    expect((await list(u, `search=${encodeURIComponent(`ELAN ${id}`)}`)).suggestions.map((s) => s.id)).toEqual([s1.id]);
    expect((await list(u, `search=${encodeURIComponent(`${id} beyonce`)}`)).suggestions.map((s) => s.id)).toEqual([s1.id]);
    expect((await list(u, `search=${id}`)).total).toBe(2);
    expect((await setStatus(admin, s2.id, 'approved')).statusCode).toBe(200);
    expect((await list(u, `search=${id}&status=approved`)).suggestions.map((s) => s.id)).toEqual([s2.id]);
    expect((await list(u, `search=${id}&status=pending`)).suggestions.map((s) => s.id)).toEqual([s1.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/musicbox/suggestions?sort=best', headers: u.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('says for each suggestion whether the caller voted', async () => {
    const id = tag();
    const u = await createUser(t);
    const other = await createUser(t);
    const s1 = await created(u, `${id} voted`, 'X');
    await created(u, `${id} not voted`, 'X');
    await vote(other, s1.id);
    const mine = await list(other, `search=${id}`);
    expect(mine.suggestions.map((s) => [s.title, s.hasVoted])).toEqual([
      [`${id} voted`, true],
      [`${id} not voted`, false],
    ]);
    expect((await list(u, `search=${id}`)).suggestions.every((s) => !s.hasVoted)).toBe(true);
    const one = await t.app.inject({ method: 'GET', url: `/api/musicbox/suggestions/${s1.id}`, headers: other.headers });
    expect(one.json()).toMatchObject({ success: true, suggestion: { id: s1.id, hasVoted: true, voteCount: 1 } });
  });
});

describe('voting', () => {
  it('toggles the vote on and off', async () => {
    const u = await createUser(t);
    const s = await created(u, `Vote ${tag()}`, 'V');
    expect((await vote(u, s.id)).json()).toEqual({ success: true, hasVoted: true, voteCount: 1 });
    expect((await vote(u, s.id)).json()).toEqual({ success: true, hasVoted: false, voteCount: 0 });
    const missing = await vote(u, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('counts 50 simultaneous votes of 50 users as 50, equal to the vote rows', async () => {
    const author = await createUser(t);
    const s = await created(author, `Crowd ${tag()}`, 'Many');
    const voters = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    const answers = await Promise.all(voters.map((v) => vote(v, s.id)));
    expect(answers.every((r) => r.statusCode === 200 && r.json().hasVoted === true)).toBe(true);
    expect(Math.max(...answers.map((r) => r.json().voteCount))).toBe(50);
    expect(await voteRows(s.id)).toBe(50);
    expect(await storedVoteCount(s.id)).toBe(50);
  });

  it('ends consistent when one user toggles twice at once', async () => {
    const u = await createUser(t);
    const s = await created(u, `Double ${tag()}`, 'Twice');
    for (let round = 0; round < 3; round++) {
      const answers = (await Promise.all([vote(u, s.id), vote(u, s.id)])).map((r) => r.json());
      // one toggled on, the other off: they ran one after the other
      expect(answers.map((a) => a.hasVoted).sort()).toEqual([false, true]);
      expect(answers.find((a) => a.hasVoted)!.voteCount).toBe(1);
      expect(answers.find((a) => !a.hasVoted)!.voteCount).toBe(0);
      expect(await voteRows(s.id)).toBe(0);
      expect(await storedVoteCount(s.id)).toBe(0);
    }
  });
});

describe('the plain vote path', () => {
  it('POST casts the vote and DELETE withdraws it, both idempotent, counts equal to the rows', async () => {
    const owner = await createUser(t);
    const voter = await createUser(t);
    const s = await created(owner, `Plain ${tag()}`, 'Voter');
    const call = (method: 'POST' | 'DELETE') => t.app.inject({ method, url: `/api/musicbox/suggestions/${s.id}/vote`, headers: voter.headers });
    for (let i = 0; i < 2; i++) {
      const res = await call('POST');
      expect(res.json()).toEqual({ success: true, hasVoted: true, voteCount: 1 });
    }
    expect(await voteRows(s.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE');
      expect(res.json()).toEqual({ success: true, hasVoted: false, voteCount: 0 });
    }
    expect(await voteRows(s.id)).toBe(0);
    expect(await storedVoteCount(s.id)).toBe(0);
  });

  it('answers 404 for an unknown suggestion and 401 to visitors', async () => {
    const u = await createUser(t);
    const missing = await t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions/00000000-0000-4000-8000-000000000000/vote', headers: u.headers });
    expect(missing.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions/00000000-0000-4000-8000-000000000000/vote' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('moderation', () => {
  it('lets only admins approve or reject, and only while pending', async () => {
    const u = await createUser(t);
    const s = await created(u, `Moderate ${tag()}`, 'M');
    const byUser = await setStatus(u, s.id, 'approved');
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json()).toEqual({ success: false, message: 'Only administrators can update suggestion status' });
    expect((await setStatus(null, s.id, 'approved')).statusCode).toBe(401);
    expect((await setStatus(admin, s.id, 'pending')).statusCode).toBe(400);

    const approved = await setStatus(admin, s.id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, suggestion: { id: s.id, status: 'approved' } });
    for (const next of ['rejected', 'approved']) {
      const again = await setStatus(admin, s.id, next);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: 'Only pending suggestions can be approved or rejected' });
    }

    const r = await created(u, `Reject ${tag()}`, 'M');
    expect((await setStatus(admin, r.id, 'rejected')).json()).toMatchObject({ suggestion: { status: 'rejected', songId: null } });
    expect((await setStatus(admin, r.id, 'approved')).statusCode).toBe(409);
    expect((await setStatus(admin, '00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(404);
  });

  it('decides a suggestion once when two admins decide at the same moment', async () => {
    const other = await createUser(t, { role: 'admin' });
    const s = await created(admin, `Both ${tag()}`, 'M');
    const answers = await Promise.all([setStatus(admin, s.id, 'approved'), setStatus(other, s.id, 'rejected')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('links an approved suggestion to the library song with the same normalised title and artist', async () => {
    const id = tag();
    const song = await insertSong(t.app.db, { title: `Blue Moon ${id}`, artist: 'Ella Fitzgerald', durationMs: 180_000, path: `${id}.mp3` });
    const u = await createUser(t);
    const s = await created(u, `blue moon! ${id.toUpperCase()}`, 'ELLA  FITZGERALD');
    const approved = await setStatus(admin, s.id, 'approved');
    expect(approved.json().suggestion.songId).toBe(song.id);
    expect((await list(u, `search=${id}`)).suggestions[0]).toMatchObject({ id: s.id, songId: song.id });
  });

  it("carries the matched song's artwork, and none while it matches no song", async () => {
    const id = tag();
    const hash = 'ab'.repeat(16);
    const song = await insertSong(t.app.db, { title: `Cover Me ${id}`, artist: 'Painter', durationMs: 120_000, path: `${id}.mp3` });
    await t.app.db.update(songs).set({ artworkHash: hash }).where(eq(songs.id, song.id));
    const u = await createUser(t);
    const s = await created(u, `Cover Me ${id}`, 'Painter');
    expect((await list(u, `search=${id}`)).suggestions[0]).not.toHaveProperty('artworkUrl');
    await setStatus(admin, s.id, 'approved');
    expect((await list(u, `search=${id}`)).suggestions[0]).toMatchObject({ id: s.id, songId: song.id, artworkUrl: `/api/artwork/${hash}` });
  });
});

describe('permissions', () => {
  it('answers 401 to visitors on every route', async () => {
    const u = await createUser(t);
    const s = await created(u, `Visitor ${tag()}`, 'V');
    const calls = [
      { method: 'GET', url: '/api/musicbox/suggestions' },
      { method: 'POST', url: '/api/musicbox/suggestions', payload: { title: 'a', artist: 'b' } },
      { method: 'GET', url: `/api/musicbox/suggestions/${s.id}` },
      { method: 'DELETE', url: `/api/musicbox/suggestions/${s.id}` },
      { method: 'POST', url: `/api/musicbox/suggestions/${s.id}/toggle-vote` },
      { method: 'PUT', url: `/api/musicbox/suggestions/${s.id}/status`, payload: { status: 'approved' } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect([call.method, call.url, res.statusCode]).toEqual([call.method, call.url, 401]);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it('lets the suggester or an admin delete; others get 403', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const s = await created(owner, `Delete ${tag()}`, 'D');
    await vote(stranger, s.id);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${s.id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: 'You do not have permission to do this' });
    const mine = await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${s.id}`, headers: owner.headers });
    expect(mine.json()).toEqual({ success: true });
    expect(await voteRows(s.id)).toBe(0);
    const gone = await t.app.inject({ method: 'GET', url: `/api/musicbox/suggestions/${s.id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);

    const s2 = await created(owner, `Delete ${tag()}`, 'D');
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${s2.id}`, headers: admin.headers });
    expect(byAdmin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${s2.id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/musicbox/suggestions/not-a-uuid', headers: owner.headers })).statusCode).toBe(404);
  });

  it('lets an owner suggest again after deleting', async () => {
    const owner = await createUser(t);
    const title = `Again ${tag()}`;
    const s = await created(owner, title, 'D');
    await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${s.id}`, headers: owner.headers });
    expect((await suggest(owner, title, 'D')).statusCode).toBe(201);
  });
});
