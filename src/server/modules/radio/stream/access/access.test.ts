import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../../../contract/messages';
import { RADIO_STREAM_PATH } from '../../../../../contract/radioStream';
import { radioListenTokens, users } from '../../../../db/schema';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestApp, type TestUser } from '../../../../test/testApp';
import type { AuthorizeListener } from '../listenerIdentity';
import { createAuthorizeListener } from './authorizeListener';
import { createListenLinks } from './listenLinks';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let authorize: AuthorizeListener;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  alice = await createUser(t);
  bob = await createUser(t);
  authorize = createAuthorizeListener(t.app.db);
});
afterAll(async () => t?.close());

const getUrl = (who?: TestUser) => t.app.inject({ method: 'GET', url: '/api/radio/listen-url', headers: who?.headers ?? {} });
const renewUrl = (who: TestUser) => t.app.inject({ method: 'POST', url: '/api/radio/listen-url', headers: who.headers });
const setPublic = (who: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/radio/stream/public', headers: who.headers, payload: payload as object });

/** A stream request as the stream route hands it to the authorizer: only its query matters. */
function streamRequest(url: string): FastifyRequest {
  return { query: Object.fromEntries(new URL(url, 'http://x').searchParams) } as unknown as FastifyRequest;
}

async function refusal(url: string): Promise<{ statusCode: number; message: string }> {
  const error = await authorize(streamRequest(url)).then(
    () => null,
    (e: { statusCode: number; message: string }) => e,
  );
  if (!error) throw new Error(`${url} was let in`);
  return { statusCode: error.statusCode, message: error.message };
}

describe('listen links', () => {
  it('asks visitors to sign in', async () => {
    expect((await getUrl()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/radio/listen-url' })).statusCode).toBe(401);
  });

  it('gives a user an absolute stream URL with their own token, the same one each time', async () => {
    const first = await getUrl(alice);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/api\/radio\/live\?listen=[\w-]{43}$/),
      public: false,
      publicUrl: expect.any(String),
    });
    expect(body.publicUrl).toBe(body.url.split('?')[0]);
    expect(new URL(body.publicUrl).pathname).toBe(RADIO_STREAM_PATH);
    expect((await getUrl(alice)).json().url).toBe(body.url);
    // neither a login token nor anything of the session
    expect(body.url).not.toContain(alice.token);
  });

  it('lets the link’s owner in, as themselves', async () => {
    const { url } = (await getUrl(alice)).json();
    expect(await authorize(streamRequest(url))).toEqual({ user: { id: alice.user.id, username: alice.user.username } });
  });

  it('gives each user a token of their own', async () => {
    const a = (await getUrl(alice)).json().url;
    const b = (await getUrl(bob)).json().url;
    expect(a).not.toBe(b);
    expect((await authorize(streamRequest(a))).user?.id).toBe(alice.user.id);
    expect((await authorize(streamRequest(b))).user?.id).toBe(bob.user.id);
  });

  it('keeps only a hash and a nonce, never the token itself', async () => {
    const token = new URL((await getUrl(alice)).json().url).searchParams.get('listen')!;
    const [row] = await t.app.db.select().from(radioListenTokens).where(eq(radioListenTokens.userId, alice.user.id));
    expect(row.tokenHash).not.toBe(token);
    expect(row.nonce).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('a new link revokes the old one at once; the other users’ links keep working', async () => {
    const old = (await getUrl(alice)).json().url;
    const bobs = (await getUrl(bob)).json().url;
    const renewed = await renewUrl(alice);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().url;
    expect(fresh).not.toBe(old);
    expect((await getUrl(alice)).json().url).toBe(fresh);
    expect(await refusal(old)).toEqual({ statusCode: 401, message: MESSAGES.radioListenLinkInvalid });
    expect((await authorize(streamRequest(fresh))).user?.id).toBe(alice.user.id);
    expect((await authorize(streamRequest(bobs))).user?.id).toBe(bob.user.id);
  });

  it('refuses a stream without a link, or with a made-up one, while the stream is not public', async () => {
    expect(await refusal(RADIO_STREAM_PATH)).toEqual({ statusCode: 401, message: MESSAGES.radioStreamNeedsListenLink });
    expect(await refusal(`${RADIO_STREAM_PATH}?listen=${'A'.repeat(43)}`)).toEqual({ statusCode: 401, message: MESSAGES.radioListenLinkInvalid });
    expect(await refusal(`${RADIO_STREAM_PATH}?listen=`)).toEqual({ statusCode: 401, message: MESSAGES.radioListenLinkInvalid });
    expect(await refusal(`${RADIO_STREAM_PATH}?listen=${alice.token}`)).toEqual({ statusCode: 401, message: MESSAGES.radioListenLinkInvalid });
  });

  it('stops a deleted user’s link', async () => {
    const carol = await createUser(t);
    const { url } = (await getUrl(carol)).json();
    expect((await authorize(streamRequest(url))).user?.id).toBe(carol.user.id);
    await t.app.db.delete(users).where(eq(users.id, carol.user.id));
    expect((await refusal(url)).statusCode).toBe(401);
  });
});

describe('the public stream switch', () => {
  afterEach(async () => {
    await setPublic(admin, { public: false });
  });

  it('is for admins only', async () => {
    const res = await setPublic(alice, { public: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.onlyAdminsMakeStreamPublic });
    expect((await t.app.inject({ method: 'PUT', url: '/api/radio/stream/public', payload: { public: true } })).statusCode).toBe(401);
    expect((await getUrl(alice)).json().public).toBe(false);
  });

  it('refuses a body without a boolean', async () => {
    for (const payload of [{}, { public: 'yes' }]) expect((await setPublic(admin, payload)).statusCode).toBe(400);
  });

  it('lets anyone listen while on, as a public listener; users’ links still name them', async () => {
    const on = await setPublic(admin, { public: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ public: true, url: expect.stringContaining('?listen=') });
    expect((await getUrl(alice)).json().public).toBe(true);
    expect(await authorize(streamRequest(RADIO_STREAM_PATH))).toEqual({ user: null });
    expect(await authorize(streamRequest(`${RADIO_STREAM_PATH}?listen=${'A'.repeat(43)}`))).toEqual({ user: null });
    const { url } = (await getUrl(bob)).json();
    expect((await authorize(streamRequest(url))).user?.id).toBe(bob.user.id);

    const off = await setPublic(admin, { public: false });
    expect(off.json().public).toBe(false);
    expect((await refusal(RADIO_STREAM_PATH)).statusCode).toBe(401);
  });
});

describe('where the link points', () => {
  it('starts at PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://radio.example.test/' } });
    try {
      const u = await createUser(other);
      const body = (await other.app.inject({ method: 'GET', url: '/api/radio/listen-url', headers: u.headers })).json();
      expect(body.url).toMatch(/^https:\/\/radio\.example\.test\/api\/radio\/live\?listen=[\w-]{43}$/);
      expect(body.publicUrl).toBe('https://radio.example.test/api/radio/live');
    } finally {
      await other.close();
    }
  });

  it('shows a link that works after the server’s secret changed (the old one stops)', async () => {
    const dave = await createUser(t);
    const before = (await getUrl(dave)).json().url;
    const moved = createListenLinks({ db: t.app.db, serverSecret: `${TEST_JWT_SECRET}-other`, now: Date.now });
    const after = (await moved.linkOf(dave.user.id, 'http://localhost')).url;
    expect(new URL(after).searchParams.get('listen')).not.toBe(new URL(before).searchParams.get('listen'));
    expect((await authorize(streamRequest(after))).user?.id).toBe(dave.user.id);
    expect((await refusal(before)).statusCode).toBe(401);
  });
});
