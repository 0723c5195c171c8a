import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { insertSong } from '../../library/test/songFixtures';
import { createUser } from '../../test/testApp';
import { admin, created, list, setStatus, suggest, t, tag, vote, voteRows, useMusicboxTestApp } from './test/musicboxApp';

/** The admin's moderation of suggestions, and who may do what. */
useMusicboxTestApp();

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
