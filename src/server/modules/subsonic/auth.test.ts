import { createHash } from 'node:crypto';
import { SubsonicAPI } from 'subsonic-api';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { createUser } from '../../test/testApp';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
beforeAll(async () => {
  fx = await subsonicFixture();
}, 120_000);
afterAll(async () => fx?.close());

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

async function json(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { 'subsonic-response': Record<string, any> })['subsonic-response']; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function errorCode(res: Response): Promise<number | undefined> {
  const body = await json(res);
  expect(body.status).toBe(body.error ? 'failed' : 'ok');
  return body.error?.code;
}

describe('Subsonic sign-in', () => {
  it('accepts u + t + s, u + p in plain text and in enc: hex, and an API key', async () => {
    const { appPassword, apiKey, user } = fx.as.listener;
    const u = user.user.username;
    const base = { v: '1.16.1', c: 'tests', f: 'json' };
    expect(await errorCode(await fx.raw('ping', { ...base, u, t: md5(`${appPassword}abc123`), s: 'abc123' }))).toBeUndefined();
    expect(await errorCode(await fx.raw('ping', { ...base, u, p: appPassword }))).toBeUndefined();
    expect(await errorCode(await fx.raw('ping.view', { ...base, u, p: `enc:${hex(appPassword)}` }))).toBeUndefined();
    expect(await errorCode(await fx.raw('ping', { ...base, apiKey }))).toBeUndefined();
    // a token in upper-case hex is the same token
    expect(await errorCode(await fx.raw('ping', { ...base, u, t: md5(`${appPassword}salt9`).toUpperCase(), s: 'salt9' }))).toBeUndefined();
  });

  it('replays DSub: a form POST with v=1.2.0 and p=enc:, answered in XML', async () => {
    const { appPassword, user } = fx.as.listener;
    const res = await fx.raw('getLicense.view', { u: user.user.username, p: `enc:${hex(appPassword)}`, v: '1.2.0', c: 'DSub' }, { post: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok" version="1.16.1" type="wavelength" serverVersion="[^"]+" openSubsonic="true">/,
    );
    expect(xml).toContain('<license valid="true"/>');
  });

  it('answers the protocol error codes for wrong, missing and conflicting credentials', async () => {
    const { appPassword, apiKey, user } = fx.as.admin;
    const u = user.user.username;
    const base = { v: '1.16.1', c: 'tests', f: 'json' };
    expect(await errorCode(await fx.raw('ping', { ...base, apiKey: 'wl_not-a-key' }))).toBe(44);
    expect(await errorCode(await fx.raw('ping', { ...base, apiKey, u }))).toBe(43);
    expect(await errorCode(await fx.raw('ping', { ...base, u, p: appPassword, t: md5(`${appPassword}x`), s: 'x' }))).toBe(43);
    expect(await errorCode(await fx.raw('ping', base))).toBe(10);
    expect(await errorCode(await fx.raw('ping', { ...base, u }))).toBe(10);
    expect(await errorCode(await fx.raw('ping', { ...base, u, t: md5(appPassword) }))).toBe(10);
    expect(await errorCode(await fx.raw('ping', { u, p: appPassword, c: 'tests', f: 'json' }))).toBe(10);
    expect(await errorCode(await fx.raw('ping', { u, p: appPassword, v: '1.16.1', f: 'json' }))).toBe(10);
    expect(await errorCode(await fx.raw('ping', { ...base, u: 'nobody-here', p: 'whatever-123' }))).toBe(40);
  });

  it('serves every 1.x protocol version and answers 20 and 30 to other major versions', async () => {
    const params = (v: string) => fx.tokenParams('listener', { v, f: 'json' });
    expect(await errorCode(await fx.raw('ping', params('1.1.0')))).toBeUndefined();
    expect(await errorCode(await fx.raw('ping', params('1.16')))).toBeUndefined();
    expect(await errorCode(await fx.raw('ping', params('0.9.0')))).toBe(20);
    expect(await errorCode(await fx.raw('ping', params('2.0.0')))).toBe(30);
    expect(await errorCode(await fx.raw('ping', params('latest')))).toBe(0);
  });

  it('never accepts the login password: apps sign in with the app password or a key', async () => {
    const res = await fx.raw('ping', { u: fx.listener.user.username, p: fx.listener.password, v: '1.16.1', c: 'tests', f: 'json' });
    const body = await json(res);
    expect(body.error).toEqual({ code: 40, message: 'Wrong username or password.' });
    // that failure counted: a right sign-in clears it again
    expect(await errorCode(await fx.raw('ping', fx.tokenParams('listener', { f: 'json' })))).toBeUndefined();
  });

  it('answers an unknown account and an account without an app password alike, and counts both alike', async () => {
    const someone = await createUser(fx.t);
    const tokenOf = (u: string) => ({ u, t: md5('anything1salt'), s: 'salt', v: '1.16.1', c: 'tests', f: 'json' });
    const plainOf = (u: string) => ({ u, p: 'anything1', v: '1.16.1', c: 'tests', f: 'json' });
    // each account from its own address, so that the counts below are each one's own
    const errorOf = async (params: Record<string, string>, remoteAddress: string) => {
      const res = await fx.t.app.inject({ method: 'GET', url: `/rest/ping?${new URLSearchParams(params)}`, remoteAddress });
      return (res.json() as { 'subsonic-response': { error?: { code: number; message: string } } })['subsonic-response'].error;
    };
    for (const [u, address] of [
      [someone.user.username, '198.51.100.41'],
      ['nobody-at-all', '198.51.100.40'],
    ]) {
      for (let i = 0; i < 3; i += 1) expect(await errorOf(tokenOf(u), address)).toEqual({ code: 40, message: 'Wrong username or password.' });
      for (let i = 0; i < 2; i += 1) expect(await errorOf(plainOf(u), address)).toEqual({ code: 40, message: 'Wrong username or password.' });
      // five failures counted for both: the sixth is refused as over the limit
      expect(await errorOf(tokenOf(u), address)).toEqual({ code: 40, message: AUTH_MESSAGES.tooManyFailedSignIns });
    }
  });

  it("counts app failures per account and address: a stranger's guesses lock only the stranger, never the owner's apps or browser", async () => {
    const victim = await createUser(fx.t, { password: 'victim password 1' });
    const put = await fx.t.app.inject({
      method: 'PUT',
      url: '/api/subsonic/password',
      headers: victim.headers,
      payload: { password: 'victim app password', currentPassword: 'victim password 1' },
    });
    expect(put.statusCode).toBe(200);
    const base = { u: victim.user.username, v: '1.16.1', c: 'tests', f: 'json' };
    const stranger = async (params: Record<string, string>) => {
      const res = await fx.t.app.inject({ method: 'GET', url: `/rest/ping?${new URLSearchParams({ ...base, ...params })}`, remoteAddress: '203.0.113.66' });
      return (res.json() as { 'subsonic-response': { error?: unknown } })['subsonic-response'].error;
    };
    for (let i = 0; i < 5; i += 1) expect(await stranger({ p: `wrong guess ${i}` })).toEqual({ code: 40, message: 'Wrong username or password.' });
    for (let i = 0; i < 5; i += 1)
      expect(await stranger({ t: md5(`guess${i}salt`), s: 'salt' })).toEqual({ code: 40, message: AUTH_MESSAGES.tooManyFailedSignIns });
    // the stranger's address is locked for this account, even with the right app password
    expect(await stranger({ p: 'victim app password' })).toEqual({ code: 40, message: AUTH_MESSAGES.tooManyFailedSignIns });
    // the owner's apps, from their own address, sign in with the token and the plain password
    const owner = new SubsonicAPI({ url: fx.baseUrl, auth: { username: victim.user.username, password: 'victim app password' } });
    expect((await owner.ping()).status).toBe('ok');
    expect(await errorCode(await fx.raw('ping', { ...base, p: 'victim app password' }))).toBeUndefined();
    // and so does the owner's browser, without a device cookie
    const web = await fx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: victim.user.username, password: 'victim password 1' } });
    expect(web.statusCode).toBe(200);
    // the owner's own wrong guesses still lock the owner's address after five, until the window passes
    for (let i = 0; i < 5; i += 1) expect(await errorCode(await fx.raw('ping', { ...base, p: `my typo ${i}` }))).toBe(40);
    const locked = await json(await fx.raw('ping', { ...base, p: 'victim app password' }));
    expect(locked.error).toEqual({ code: 40, message: AUTH_MESSAGES.tooManyFailedSignIns });
    const later = 15 * 60_000 + 1000;
    fx.t.clock.now += later;
    try {
      expect(await errorCode(await fx.raw('ping', { ...base, p: 'victim app password' }))).toBeUndefined();
      expect(await stranger({ p: 'victim app password' })).toBeUndefined();
    } finally {
      fx.t.clock.now -= later;
    }
  });

  it("bounds one address's failed sign-ins across accounts at the web sign-in's 100 a minute", async () => {
    const base = { v: '1.16.1', c: 'tests', f: 'json' };
    for (let i = 0; i < 100; i += 1) {
      const code = await errorCode(await fx.raw('ping', { ...base, apiKey: `wl_guess-${i}` }));
      expect(code).toBe(44);
    }
    const blocked = await json(await fx.raw('ping', { ...base, apiKey: fx.as.listener.apiKey }));
    expect(blocked.error).toEqual({ code: 40, message: AUTH_MESSAGES.tooManyAttempts });
    fx.t.clock.now += 61_000;
    try {
      expect(await errorCode(await fx.raw('ping', { ...base, apiKey: fx.as.listener.apiKey }))).toBeUndefined();
    } finally {
      fx.t.clock.now -= 61_000;
    }
  });

  it('refuses admin-only calls to listeners with 50 and runs them for admins', async () => {
    const refused = await fx.as.listener.token.startScan();
    expect(refused).toMatchObject({ status: 'failed', error: { code: 50 } });
    const scan = await fx.as.admin.key.startScan();
    expect(scan.status).toBe('ok');
    expect(typeof scan.scanStatus.scanning).toBe('boolean');
    await fx.t.app.library.whenIdle();
  });

  it('answers getOpenSubsonicExtensions without credentials', async () => {
    const body = await json(await fx.raw('getOpenSubsonicExtensions', { f: 'json' }));
    expect(body.status).toBe('ok');
    expect(body.openSubsonicExtensions.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['apiKeyAuthentication', 'formPost', 'songLyrics']),
    );
  });

  it('revoking a key ends it, and the key list shows when a key was last used', async () => {
    const created = await fx.t.app.inject({
      method: 'POST',
      url: '/api/subsonic/keys',
      headers: fx.listener.headers,
      payload: { name: 'Car', currentPassword: fx.listener.password },
    });
    const { apiKey, key } = created.json();
    const client = new SubsonicAPI({ url: fx.baseUrl, auth: { apiKey } });
    expect((await client.ping()).status).toBe('ok');
    const list = (await fx.t.app.inject({ method: 'GET', url: '/api/subsonic/keys', headers: fx.listener.headers })).json();
    expect(list.keys.find((k: { id: string }) => k.id === key.id).lastUsedAt).not.toBeNull();
    expect((await fx.t.app.inject({ method: 'DELETE', url: `/api/subsonic/keys/${key.id}`, headers: fx.listener.headers })).statusCode).toBe(200);
    expect(await client.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
  });

  it('replacing the app password ends the old one; removing it answers 40 to token sign-in', async () => {
    const someone = await createUser(fx.t);
    const put = (password: string) =>
      fx.t.app.inject({ method: 'PUT', url: '/api/subsonic/password', headers: someone.headers, payload: { password, currentPassword: someone.password } });
    expect((await put('first app password')).statusCode).toBe(200);
    const client = (password: string) => new SubsonicAPI({ url: fx.baseUrl, auth: { username: someone.user.username, password } });
    expect((await client('first app password').ping()).status).toBe('ok');
    expect((await put('second app password')).statusCode).toBe(200);
    expect(await client('first app password').ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
    expect((await client('second app password').ping()).status).toBe('ok');
    expect((await fx.t.app.inject({ method: 'DELETE', url: '/api/subsonic/password', headers: someone.headers })).statusCode).toBe(200);
    expect(await client('second app password').ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });
});

describe('Subsonic response formats', () => {
  it('answers XML by default, JSON with f=json and JSONP with a callback', async () => {
    const xml = await fx.raw('ping', fx.tokenParams('listener'));
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await xml.text()).toMatch(/<subsonic-response [^>]*status="ok"[^>]*\/>$/);

    const jsonp = await fx.raw('getLicense', fx.tokenParams('listener', { f: 'jsonp', callback: 'app.cb_1' }));
    expect(jsonp.headers.get('content-type')).toMatch(/^application\/javascript/);
    const text = await jsonp.text();
    expect(text.startsWith('app.cb_1({"subsonic-response":')).toBe(true);
    expect(JSON.parse(text.slice('app.cb_1('.length, -2))['subsonic-response'].license).toEqual({ valid: true });
  });

  it('refuses a JSONP callback that is not a JavaScript name, and answers errors in XML with code and message', async () => {
    const res = await fx.raw('ping', fx.tokenParams('listener', { f: 'jsonp', callback: 'alert(1)//' }));
    const xml = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml).toMatch(/<subsonic-response [^>]*status="failed"[^>]*><error code="10" message="[^"]*callback[^"]*"\/><\/subsonic-response>$/);
  });

  it('answers an unknown method with the protocol error 70, in a 200 like every error', async () => {
    const res = await fx.raw('noSuchMethod.view', fx.tokenParams('listener', { f: 'json' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as any)['subsonic-response'].error.code).toBe(70); // eslint-disable-line @typescript-eslint/no-explicit-any
  });

  it('answers a NUL in a value with a clear protocol error, not a crash', async () => {
    const res = await fx.raw('ping', { ...fx.tokenParams('listener', { f: 'json' }), x: 'a\u0000b' });
    const body = await json(res);
    expect(body.status).toBe('failed');
    expect(body.error.code).toBe(0);
  });
});

describe('Subsonic credentials in the web API', () => {
  it('lists only your own keys, and another user cannot revoke them', async () => {
    const mine = (await fx.t.app.inject({ method: 'GET', url: '/api/subsonic/keys', headers: fx.admin.headers })).json();
    expect(mine.keys.map((k: { name: string }) => k.name)).toEqual(['admin phone']);
    const res = await fx.t.app.inject({ method: 'DELETE', url: `/api/subsonic/keys/${mine.keys[0].id}`, headers: fx.listener.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('API key not found');
    expect((await fx.as.admin.key.ping()).status).toBe('ok');
  });

  it('needs a signed-in user, a name, and a long enough app password', async () => {
    expect((await fx.t.app.inject({ method: 'GET', url: '/api/subsonic/keys' })).statusCode).toBe(401);
    expect((await fx.t.app.inject({ method: 'PUT', url: '/api/subsonic/password', payload: { password: 'long enough pw' } })).statusCode).toBe(401);
    const noName = await fx.t.app.inject({ method: 'POST', url: '/api/subsonic/keys', headers: fx.listener.headers, payload: { name: '  ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Name the key after the app or device that will use it');
    const short = await fx.t.app.inject({
      method: 'PUT',
      url: '/api/subsonic/password',
      headers: fx.listener.headers,
      payload: { password: 'short', currentPassword: fx.listener.password },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The app password must be at least 8 characters');
    const status = (await fx.t.app.inject({ method: 'GET', url: '/api/subsonic/password', headers: fx.listener.headers })).json();
    expect(status).toMatchObject({ success: true, set: true });
  });

  it('keeps at most 25 keys per user', async () => {
    const someone = await createUser(fx.t);
    for (let i = 0; i < 25; i += 1) {
      const res = await fx.t.app.inject({
        method: 'POST',
        url: '/api/subsonic/keys',
        headers: someone.headers,
        payload: { name: `Device ${i}`, currentPassword: someone.password },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await fx.t.app.inject({
      method: 'POST',
      url: '/api/subsonic/keys',
      headers: someone.headers,
      payload: { name: 'One more', currentPassword: someone.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can have at most 25 API keys. Revoke one you no longer use first.');
  });
});

describe('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
