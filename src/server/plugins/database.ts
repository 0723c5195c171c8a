import fp from 'fastify-plugin';
import type { Database, Db } from '../db/open';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the database reachable as app.db; closes it when the app closes (unless the caller owns it). */
export const databasePlugin = fp<{ database: Database; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (closeOnShutdown) app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);
