import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|st|access_token|refresh_token|apiKey|p|t|s)=)[^&#\s]*/gi;
const QUERY_PARAMS = /(\bparams: ).*$/gims;

/** URLs as logs may show them: values of token-like query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Messages as logs may show them: token-like query values and SQL parameters (drizzle puts them in error messages) removed. */
export function redactText(text: string): string {
  return redactUrl(text).replace(QUERY_PARAMS, '$1[redacted]');
}

/** Every field a secret can sit in, at the depths our log calls use. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.token',
  'body.newPassword',
  'body.currentPassword',
  'body.confirmPassword',
  '*.password',
  '*.passwordHash',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.authorization',
  'err.params',
  'password',
  'passwordHash',
  'token',
  'authorization',
];

/** pino options: tokens and passwords never reach the logs, from headers, bodies, query strings or errors. */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, id: request.id };
      },
      err(error: Error & { code?: unknown; statusCode?: unknown; cause?: unknown }) {
        const cause = error.cause instanceof Error ? error.cause : undefined;
        return {
          type: error.constructor?.name ?? 'Error',
          message: redactText(String(error.message)),
          stack: redactText(String(error.stack ?? '')),
          ...(error.code !== undefined ? { code: error.code } : {}),
          ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
          ...(cause ? { cause: { type: cause.constructor?.name ?? 'Error', message: redactText(cause.message) } } : {}),
        };
      },
    },
    ...extra,
  };
}
