import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|st|access_token)=)[^&#]*/gi;

/** URLs as logs may show them: values of token-like query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino options: tokens never reach the logs, neither from headers nor from query strings. */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, id: request.id };
      },
    },
    ...extra,
  };
}
