import type { FastifyInstance } from 'fastify';
import { STREAM_COOKIE } from '../../auth/streamCookie';

/** The wl_stream cookie a Set-Cookie list carries, as a request Cookie header; throws when there is none. */
export function streamCookieFrom(setCookie: string | string[] | undefined): { cookie: string } {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${STREAM_COOKIE}=`) && !c.startsWith(`${STREAM_COOKIE}=;`));
  if (!found) throw new Error(`no ${STREAM_COOKIE} cookie in ${JSON.stringify(list)}`);
  return { cookie: found.split(';')[0] };
}

/** The stream cookie of a signed-in user's session, as GET /api/auth/me sets it. */
export async function streamCookieHeader(app: FastifyInstance, user: { headers: { authorization: string } }): Promise<{ cookie: string }> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
  if (me.statusCode !== 200) throw new Error(`GET /api/auth/me answered ${me.statusCode}`);
  return streamCookieFrom(me.headers['set-cookie']);
}
