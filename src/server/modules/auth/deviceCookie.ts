import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../lib/cookies';
import type { TokenService } from './tokens';

/**
 * OWASP's device cookie: a browser that signed in to an account carries a signed cookie naming
 * that account, and its sign-ins are counted against the device, not against the account's lock
 * (passwordGuard.ts). Only sign-in reads it, so it is scoped to /api/auth and HttpOnly.
 */
export const DEVICE_COOKIE = 'wl_device';
export const DEVICE_COOKIE_PATH = '/api/auth';
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 60 * 60;

export interface TrustedDevice {
  userId: string;
  nonce: string;
}

/** A fresh device cookie for this account (a new nonce each sign-in; the last account signed in to wins). */
export async function setDeviceCookie(reply: FastifyReply, tokens: TokenService, userId: string, secure: boolean): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  const value = await tokens.signDevice({ userId, nonce, ttlSeconds: DEVICE_COOKIE_TTL_SECONDS });
  setCookie(reply, DEVICE_COOKIE, value, { path: DEVICE_COOKIE_PATH, maxAge: DEVICE_COOKIE_TTL_SECONDS, httpOnly: true, sameSite: 'Strict', secure });
}

/** The request's device cookie when it is genuine and unexpired, else null. */
export async function readDeviceCookie(request: FastifyRequest, tokens: TokenService): Promise<TrustedDevice | null> {
  const value = readCookie(request, DEVICE_COOKIE);
  if (!value) return null;
  return tokens.verifyDevice(value).catch(() => null);
}
