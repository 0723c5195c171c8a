import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import { policyAroundNonce } from './securityHeaders';

/**
 * The policy is joined from two halves built once (securityHeaders.ts); it must be the very header
 * helmet's CSP middleware made from the same directives on every request before.
 */
function helmetPolicy(https: boolean, nonce: string): string {
  const middleware = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", () => `'nonce-${nonce}'`],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  });
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
  let failed: unknown;
  middleware({} as IncomingMessage, res, (error?: unknown) => (failed = error));
  if (failed) throw failed;
  return headers['content-security-policy'];
}

it.each([false, true])('is the header helmet made from the same directives (https: %s)', (https) => {
  const nonce = 'AbCdEfGhIjKlMnOpQrStUv';
  const [before, after] = policyAroundNonce(https);
  expect(`${before}${nonce}${after}`).toBe(helmetPolicy(https, nonce));
});
