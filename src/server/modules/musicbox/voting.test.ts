import { createUser } from '../../test/testApp';
import { created, storedVoteCount, t, tag, vote, voteRows, useMusicboxTestApp } from './test/musicboxApp';

/** Voting for a suggestion, and the vote count kept with it. */
useMusicboxTestApp();

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
