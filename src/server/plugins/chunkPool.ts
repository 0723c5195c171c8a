import fp from 'fastify-plugin';
import { ChunkPool } from '../lib/http/pooledFileRange';

declare module 'fastify' {
  interface FastifyInstance {
    /** the reused read chunks of every media file this app sends (lib/http/pooledFileRange.ts) */
    chunkPool: ChunkPool;
  }
}

/** One chunk pool per app (8 MB kept at most), so two apps in one process never share buffers. */
export const chunkPoolPlugin = fp(
  async (app) => {
    app.decorate('chunkPool', new ChunkPool());
  },
  { name: 'chunkPool' },
);
