import { createUser } from '../../test/testApp';
import { admin, created, list, setStatus, t, tag, vote, useMusicboxTestApp } from './test/musicboxApp';

/** Listing Music Box suggestions: order, filters and pages. */
useMusicboxTestApp();

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
