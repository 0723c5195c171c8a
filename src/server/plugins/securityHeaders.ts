import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The policy, built once: @fastify/helmet would rebuild (and re-validate) it on every request. */
function contentSecurityPolicy(https: boolean, cspNonceOf: (res: ServerResponse) => string) {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // styled-components injects <style> tags: each carries the response's nonce, so no 'unsafe-inline'.
      styleSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res)}'`],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      // CSP Level 3: 'self' also matches ws:/wss: on the same host and port (the radio socket).
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      // the web app manifest and the service worker (/manifest.webmanifest, /sw.js)
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  });
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
    const csp = contentSecurityPolicy(https, app.cspNonceOf);
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      csp(request.raw, reply.raw, done);
    });
  },
  { name: 'security-headers' },
);
