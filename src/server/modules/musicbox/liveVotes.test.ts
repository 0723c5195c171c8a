import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { LIVE_VOTES_WINDOW_MS } from './liveVotes';

let t: TestApp;
let suggester: TestUser;
let sent: string[];
beforeAll(async () => {
  t = await createTestApp();
  suggester = await createUser(t);
  // the radio's sockets, as the Music Box reaches them
  t.app.radio.broadcast = (message: string) => void sent.push(message);
});
beforeEach(() => {
  sent = [];
});
afterAll(async () => t.close());

async function suggestion(title: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions', headers: suggester.headers, payload: { title, artist: 'Live' } });
  expect(res.statusCode).toBe(201);
  return res.json().suggestion.id;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, LIVE_VOTES_WINDOW_MS * 3));
const messages = () => sent.map((m) => JSON.parse(m));

describe('live votes', () => {
  it("announces others' votes on the sockets: the new counts, gathered over a short window into one message", async () => {
    const [a, b] = [await suggestion(`Live one ${Date.now()}`), await suggestion(`Live two ${Date.now()}`)];
    const voters = await Promise.all([createUser(t), createUser(t)]);
    for (const voter of voters) {
      expect((await t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${a}/toggle-vote`, headers: voter.headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${b}/vote`, headers: voters[0].headers })).statusCode).toBe(200);
    await settle();
    expect(messages()).toHaveLength(1);
    const [message] = messages();
    expect(message.type).toBe('SUGGESTION_VOTES');
    expect(new Map(message.data.votes.map((v: { id: string; voteCount: number }) => [v.id, v.voteCount]))).toEqual(
      new Map([
        [a, 2],
        [b, 1],
      ]),
    );

    // a withdrawn vote too; and the message carries counts only, nobody's own vote
    sent = [];
    await t.app.inject({ method: 'DELETE', url: `/api/musicbox/suggestions/${b}/vote`, headers: voters[0].headers });
    await settle();
    expect(messages()).toEqual([{ type: 'SUGGESTION_VOTES', data: { votes: [{ id: b, voteCount: 0 }] } }]);
  });

  it('says nothing for a refused vote (signed out, or no such suggestion)', async () => {
    const id = await suggestion(`Quiet ${Date.now()}`);
    expect((await t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${id}/toggle-vote` })).statusCode).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${missing}/toggle-vote`, headers: suggester.headers })).statusCode).toBe(404);
    await settle();
    expect(sent).toEqual([]);
  });
});
