import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the server starts shutting down (startup/shutdown.ts): /api/ready answers 503 from then on. */
    drain: DrainState;
  }
}

export interface DrainState {
  readonly draining: boolean;
  /** From now on: not ready, and every response closes its connection after it (the client opens its next one elsewhere). */
  begin(): void;
}

/** The app's drain state, and `connection: close` on every response sent while draining. */
export const drainPlugin = fp(
  async (app) => {
    let draining = false;
    app.decorate('drain', {
      get draining() {
        return draining;
      },
      begin() {
        draining = true;
      },
    } satisfies DrainState);
    app.addHook('onSend', async (_request, reply) => {
      if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
