import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../contract/messages';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp)$/;
/** public/index.html's stand-in for the per-response CSP nonce */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built SPA with a history fallback: any non-API GET that is not a file
 * gets index.html, so deep links work; unknown /api paths get a JSON 404. index.html is never sent
 * as a file: each response gets it with its own CSP nonce (read per request: a rebuild shows at once).
 */
export const spaPlugin = fp<{ clientDir: string | null }>(
  async (app, { clientDir }) => {
    const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        preCompressed: true,
        index: false,
        allowedPath: (pathname) => !pathname.startsWith('/index.html'),
        // on the reply, not reply.raw: the reply's own headers (send's `public, max-age=0`) would replace a raw one
        setHeaders(reply, filePath) {
          reply.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0];
      const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      if (wantsApp && hasClient) {
        const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
        const page = html.replaceAll(CSP_NONCE_PLACEHOLDER, app.cspNonceOf(reply.raw));
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      }
      if (wantsApp) return reply.status(503).type('text/plain').send('The web client is not built: run `npm run build`.');
      return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    });
  },
  { name: 'spa', dependencies: ['security-headers'] },
);
