import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets (lower case: matched ignoring case). */
const SECRET_NAMES = new Set(['token', 'st', 'access_token', 'refresh_token', 'apikey', 'p', 't', 's', 'listen']);
/** One query parameter in a URL or a message: separator, name as written, value as far as the next separator. */
const QUERY_PARAM = /([?&])([^&=#\s]*)=([^&#\s]*)/g;
const QUERY_PARAMS = /(\bparams: ).*$/gims;

/**
 * A parameter's name as the server reads it (URLSearchParams and fast-querystring alike: `+` a
 * space, `%xx` decoded), so `%70=` is recognised as the `p` it becomes.
 */
function decodedName(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  return [...new URLSearchParams(`${raw}=`).keys()][0] ?? raw;
}

/** URLs as logs may show them: values of token-like query parameters replaced, whichever way their names are encoded. */
export function redactUrl(url: string): string {
  return url.replace(QUERY_PARAM, (whole, separator: string, name: string) =>
    SECRET_NAMES.has(decodedName(name).toLowerCase()) ? `${separator}${name}=[redacted]` : whole,
  );
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
