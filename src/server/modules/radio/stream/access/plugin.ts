import fp from 'fastify-plugin';
import { createListenLinks, type ListenLinks } from './listenLinks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' listen links to the live radio stream: the routes here and Subsonic's getInternetRadioStations give them out. */
    radioListenLinks: ListenLinks;
  }
}

/** Decorates the app with its listen links (app.radioListenLinks); the token key derives from the server's secret. */
export const radioStreamAccessPlugin = fp<{ serverSecret: string; now: () => number }>(
  async (app, { serverSecret, now }) => {
    app.decorate('radioListenLinks', createListenLinks({ db: app.db, serverSecret, now }));
  },
  { name: 'radio-stream-access', dependencies: ['database'] },
);
