import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';

const SLOW = 60_000;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

describe('PUT /api/playlists/:id with fields of the wrong type', () => {
  it.each([
    ['a number name', { name: 42 }],
    ['an array name', { name: ['Mix'] }],
    ['an object name', { name: { text: 'Mix' } }],
    ['a null name', { name: null }],
    ['a boolean name', { name: true }],
    ['a number description', { description: 7 }],
    ['a null description', { description: null }],
    ['an array as the body', ['Mix']],
  ])('answers 400 to %s and changes nothing', async (_what, payload) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: owner.headers, payload: { name: 'Kept', description: 'as is' } });
    const { id } = created.json().playlist as { id: string };
    const res = await t.app.inject({ method: 'PUT', url: `/api/playlists/${id}`, headers: owner.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    const after = await t.app.inject({ method: 'GET', url: `/api/playlists/${id}`, headers: owner.headers });
    expect(after.json().playlist).toMatchObject({ name: 'Kept', description: 'as is' });
  });

  it('answers a number name on create with 400 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: owner.headers, payload: { name: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Playlist name is required' });
  });
});
