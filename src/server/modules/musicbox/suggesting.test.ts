import { sql } from 'drizzle-orm';
import { matchKey } from '../../lib/text';
import { createUser } from '../../test/testApp';
import { created, suggest, t, tag, useMusicboxTestApp } from './test/musicboxApp';

/** Suggesting a song to the Music Box (docs/product.md §5.3). */
useMusicboxTestApp();

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
