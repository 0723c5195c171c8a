import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { PERMISSIONS_POLICY } from '../lib/permissionsPolicy';
import { CspNonces } from './cspNonces';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The CSP nonce of one response, made on first use: the header and the HTML that spa.ts sends
     * name the same one. styled-components reads it from `<meta property="csp-nonce" nonce>`.
     */
    cspNonceOf(res: ServerResponse): string;
  }
}

/** Where the response's nonce goes in the policy (a character no directive holds). */
const NONCE_SLOT = '\u0000';

/**
 * The policy as the two halves around the response's nonce, built once: helmet's CSP middleware
 * walked, called and re-validated every directive on each request because one is a function (the
 * nonce); joining three strings is all a response needs (docs/decisions/request-path.md).
 */
export function policyAroundNonce(https: boolean): [string, string] {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    // styled-components injects <style> tags: each carries the response's nonce, so no 'unsafe-inline'.
    `style-src 'self' 'nonce-${NONCE_SLOT}'`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    // CSP Level 3: 'self' also matches ws:/wss: on the same host and port (the radio socket).
    "connect-src 'self'",
    "font-src 'self'",
    // the web app manifest and the service worker (/manifest.webmanifest, /sw.js)
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  const [before, after] = directives.join(';').split(NONCE_SLOT);
  return [before, after];
}

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is https: send HSTS and upgrade-insecure-requests (over plain http both would only break LAN installs) */
  https: boolean;
}

/**
 * Security headers on every response that passes the hooks (JSON, errors, 404s, audio, covers, the
 * SPA): helmet for the fixed ones, and a strict CSP whose only inline exception is styled-components'
 * <style> tags, carrying a per-response nonce; and a Permissions-Policy denying unused features.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { https }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    });
    const nonces = new CspNonces();
    app.decorate('cspNonceOf', (res: ServerResponse) => nonces.of(res));
    const [beforeNonce, afterNonce] = policyAroundNonce(https);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      reply.raw.setHeader('Content-Security-Policy', `${beforeNonce}${nonces.of(reply.raw)}${afterNonce}`);
      done();
    });
  },
  { name: 'security-headers' },
);
