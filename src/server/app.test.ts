import { createTestApp, createUser, type TestApp } from './test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the app shell of the API', () => {
  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('applies every migration: the tables of the schema exist and the radio row is seeded', async () => {
    const result = await t.app.db.execute<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name` as never,
    );
    const rows = (result as unknown as { rows: { table_name: string }[] }).rows;
    const names = rows.map((r) => r.table_name);
    for (const table of [
      'users',
      'sessions',
      'password_resets',
      'songs',
      'playlists',
      'playlist_songs',
      'liked_songs',
      'play_events',
      'suggestions',
      'suggestion_votes',
      'radio_state',
      'radio_queue',
      'radio_history',
    ]) {
      expect(names).toContain(table);
    }
    const radio = await t.app.db.execute(`select id, is_active from radio_state` as never);
    expect((radio as unknown as { rows: unknown[] }).rows).toEqual([{ id: 1, is_active: false }]);
  });

  it('signs a user in and answers /auth/me for the token', async () => {
    const u = await createUser(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.user.email, password: u.password } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.success).toBe(true);
    expect(body.token.user.email).toBe(u.user.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token.token}` } });
    expect(me.json()).toMatchObject({ success: true, user: { id: u.user.id, role: 'user' } });
  });

  it('refuses /auth/me without a valid token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });
});
