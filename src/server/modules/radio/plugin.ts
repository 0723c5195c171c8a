import fp from 'fastify-plugin';
import { RadioService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The radio of this app: its routes use it, and tests drive its clock (checkClock) and session checks. */
    radio: RadioService;
  }
}

/**
 * Creates the app's radio and decorates the app with it (app.radio), started when the app is
 * ready and stopped when it closes. Register it at the root; the radio routes may come before or
 * after it (they read app.radio per request: registrationOrder.test.ts).
 */
export const radioPlugin = fp<{ now: () => number }>(
  async (app, { now }) => {
    const radio = new RadioService({
      database: app.database,
      verifyToken: (token) => app.tokens.verifyAccess(token),
      now,
      log: app.log,
    });
    app.decorate('radio', radio);
    app.addHook('onReady', () => radio.start());
    app.addHook('onClose', () => radio.stop());
  },
  { name: 'radio', dependencies: ['database', 'auth'] },
);
