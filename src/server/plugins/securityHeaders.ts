import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The CSP nonce of one response, made on first use: the header and the HTML that spa.ts sends
 * name the same one. styled-components reads it from `<meta property="csp-nonce" nonce>`.
 */
export function cspNonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64url');
    nonces.set(res, nonce);
  }
  return nonce;
}

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is https: send HSTS and upgrade-insecure-requests (over plain http both would only break LAN installs) */
  https: boolean;
}

/**
 * Helmet on every response (JSON, errors, 404s, audio, covers, the SPA): a strict CSP whose only
 * inline exception is styled-components' <style> tags, carrying a per-response nonce.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { https }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as ServerResponse)}'`],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          // CSP Level 3: 'self' also matches ws:/wss: on the same host and port (the radio socket).
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
