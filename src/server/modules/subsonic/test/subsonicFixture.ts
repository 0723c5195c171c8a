import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SubsonicAPI } from 'subsonic-api';
import { browseFixture, type BrowseFixture } from '../../browse/test/browseLibrary';
import { createUser, type TestUser } from '../../../test/testApp';

/** What every JSON response the suite's clients got looked like, for the OpenAPI check. */
export interface RecordedResponse {
  method: string;
  status: number;
  contentType: string;
  body: unknown;
}

export interface SubsonicUserFixture {
  user: TestUser;
  /** the app password (token and plain sign-in) */
  appPassword: string;
  apiKey: string;
  /** the subsonic-api client signing in with u + t + s */
  token: SubsonicAPI;
  /** the subsonic-api client signing in with apiKey */
  key: SubsonicAPI;
}

export interface SubsonicFixture extends BrowseFixture {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  listener: TestUser;
  admin: TestUser;
  as: { listener: SubsonicUserFixture; admin: SubsonicUserFixture };
  /** every JSON body the clients received (raw() records too) */
  recorded: RecordedResponse[];
  /** a raw request: GET with the params as query, or POST with them as a form body */
  raw(method: string, params: Record<string, string | string[]>, init?: { post?: boolean }): Promise<Response>;
  /** the standard auth params (u, t, s, v, c) of a user's token sign-in, for raw requests */
  tokenParams(who: 'listener' | 'admin', extra?: Record<string, string | string[]>): Record<string, string | string[]>;
  close(): Promise<void>;
}

/**
 * The browse fixture's scanned library served over real HTTP on loopback, with a listener and an
 * admin who each have an app password and an API key, and subsonic-api clients for both schemes.
 */
export async function subsonicFixture(): Promise<SubsonicFixture> {
  const fx = await browseFixture();
  const admin = await createUser(fx.t, { role: 'admin' });
  await fx.t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(fx.t.app.server.address() as AddressInfo).port}`;
  const recorded: RecordedResponse[] = [];

  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('application/json')) {
      const body = await response.clone().json();
      recorded.push({ method: url.pathname.replace(/^\/rest\//, '').replace(/\.view$/, ''), status: response.status, contentType, body });
    }
    return response;
  };

  const setUp = async (user: TestUser, name: string): Promise<SubsonicUserFixture> => {
    const appPassword = `app-password-${name}-1234`;
    const put = await fx.t.app.inject({
      method: 'PUT',
      url: '/api/subsonic/password',
      headers: user.headers,
      payload: { password: appPassword, currentPassword: user.password },
    });
    if (put.statusCode !== 200) throw new Error(`app password: ${put.body}`);
    const created = await fx.t.app.inject({
      method: 'POST',
      url: '/api/subsonic/keys',
      headers: user.headers,
      payload: { name: `${name} phone`, currentPassword: user.password },
    });
    if (created.statusCode !== 201) throw new Error(`api key: ${created.body}`);
    const apiKey = created.json().apiKey as string;
    return {
      user,
      appPassword,
      apiKey,
      token: new SubsonicAPI({ url: baseUrl, auth: { username: user.user.username, password: appPassword }, fetch: recordingFetch }),
      key: new SubsonicAPI({ url: baseUrl, auth: { apiKey }, fetch: recordingFetch }),
    };
  };
  const as = { listener: await setUp(fx.listener, 'listener'), admin: await setUp(admin, 'admin') };

  const tokenParams = (who: 'listener' | 'admin', extra: Record<string, string | string[]> = {}) => {
    const s = randomBytes(6).toString('hex');
    const t = createHash('md5')
      .update(as[who].appPassword + s)
      .digest('hex');
    return { u: as[who].user.user.username, t, s, v: '1.16.1', c: 'wavelength-tests', ...extra };
  };

  const raw = async (method: string, params: Record<string, string | string[]>, init: { post?: boolean } = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
    const url = `${baseUrl}/rest/${method}`;
    if (init.post) return recordingFetch(url, { method: 'POST', body: search.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return recordingFetch(`${url}?${search.toString()}`);
  };

  return { ...fx, baseUrl, admin, as, recorded, raw, tokenParams, close: () => fx.t.close() };
}
