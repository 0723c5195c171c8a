import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../lib/cookies';
import { STREAM_SESSION_TTL_SECONDS, type StreamSessionClaims, type TokenService } from './tokens';

/**
 * The stream cookie: how the audio element (which cannot send a Bearer header) proves who it
 * streams for. HttpOnly, SameSite=Strict, scoped to the stream path (and the artwork path), so stream URLs carry no
 * capability and nothing else ever receives it.
 */
export const STREAM_COOKIE = 'wl_stream';
export const STREAM_COOKIE_PATH = '/api/songs/stream';
/** The same cookie for artwork: an img element cannot send a Bearer header either (modules/artwork). */
export const ARTWORK_COOKIE_PATH = '/api/artwork';

export async function setStreamCookie(
  reply: FastifyReply,
  tokens: TokenService,
  session: { userId: string; sessionId: string },
  secure: boolean,
): Promise<void> {
  const value = await tokens.signStreamSession(session);
  for (const path of [STREAM_COOKIE_PATH, ARTWORK_COOKIE_PATH]) {
    setCookie(reply, STREAM_COOKIE, value, { path, maxAge: STREAM_SESSION_TTL_SECONDS, httpOnly: true, sameSite: 'Strict', secure });
  }
}

/** Sets the stream cookie for the session of a freshly signed access token. */
export async function setStreamCookieFor(reply: FastifyReply, tokens: TokenService, accessToken: string, secure: boolean): Promise<void> {
  const claims = await tokens.verifyAccess(accessToken);
  await setStreamCookie(reply, tokens, claims, secure);
}

export function clearStreamCookie(reply: FastifyReply): void {
  clearCookie(reply, STREAM_COOKIE, STREAM_COOKIE_PATH);
  clearCookie(reply, STREAM_COOKIE, ARTWORK_COOKIE_PATH);
}

/** The claims of the request's stream cookie, or null when it is absent, forged or expired. */
export async function streamCookieClaims(request: FastifyRequest, tokens: TokenService): Promise<StreamSessionClaims | null> {
  const value = readCookie(request, STREAM_COOKIE);
  if (!value) return null;
  return tokens.verifyStreamSession(value).catch(() => null);
}
