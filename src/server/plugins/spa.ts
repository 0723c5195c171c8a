import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../contract/messages';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp)$/;

/**
 * Serves the built SPA with a history fallback: any non-API GET that is not a file
 * gets index.html, so deep links work; unknown /api paths get a JSON 404.
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
        setHeaders(res, filePath) {
          const cache = HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
          res.raw.setHeader('cache-control', cache);
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0];
      const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      if (wantsApp && hasClient) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      }
      if (wantsApp) return reply.status(503).type('text/plain').send('The web client is not built: run `npm run build`.');
      return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    });
  },
  { name: 'spa' },
);
