import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cookies without a plugin: @fastify/cookie pulls the ESM-only cookie@2, which breaks
 * app.inject under jest (see the light-my-request override in package.json).
 */

export interface CookieOptions {
  path: string;
  /** seconds; 0 deletes the cookie */
  maxAge: number;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax';
  secure?: boolean;
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** The value of one cookie of the request, or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!NAME.test(name)) throw new Error(`invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  parts.push(`SameSite=${options.sameSite ?? 'Strict'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Adds a Set-Cookie header, keeping the ones already set on the reply. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, serializeCookie(name, value, options)]);
}

export function clearCookie(reply: FastifyReply, name: string, path: string): void {
  setCookie(reply, name, '', { path, maxAge: 0 });
}
