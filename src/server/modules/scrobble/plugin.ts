import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createSecretCipher } from '../../lib/secretCipher';
import { createConnectionStore, type ConnectionStore } from './connections';
import { createLastfmClient, type LastfmClient } from './lastfm';
import { createLastfmState } from './lastfmState';
import { createListenBrainzClient, type Fetch, type ListenBrainzClient } from './listenBrainz';
import { createListens, type Listens } from './listens';
import { followRadio } from './radioListens';
import { createSender, SENDER_INTERVAL_MS } from './sender';

export interface Scrobbling extends Listens {
  /** the users' connections, their secrets encrypted at rest */
  connections: ConnectionStore;
  listenBrainz: ListenBrainzClient;
  /** null when the admin set no Last.fm API key */
  lastfm: LastfmClient | null;
  lastfmState: ReturnType<typeof createLastfmState>;
  /** sends the queue's due listens; resolves when nothing is due */
  runDue(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scrobbling (docs/product.md §5.10): the one path of listens, now playing, and the queue's sender. */
    scrobble: Scrobbling;
  }
}

export interface ScrobblePluginOptions {
  config: Config;
  serverSecret: string;
  now: () => number;
  /** the HTTP client to the services (default: global fetch) */
  fetch?: Fetch;
  /** how often the sender looks without being kicked (default SENDER_INTERVAL_MS) */
  intervalMs?: number;
}

/** Decorates app.scrobble and runs the queue's sender: kicked by each new listen, and on a timer; stopped on close. */
export const scrobblePlugin = fp<ScrobblePluginOptions>(
  async (app, options) => {
    const fetchImpl = options.fetch ?? fetch;
    const { scrobble } = options.config;
    const listenBrainz = createListenBrainzClient(scrobble.listenBrainzUrl, fetchImpl, options.now);
    const lastfm = scrobble.lastfm ? createLastfmClient(scrobble.lastfm, fetchImpl, options.now) : null;
    const log = app.log.child({ module: 'scrobble' });
    const connections = createConnectionStore(app.db, createSecretCipher(options.serverSecret, 'scrobble credentials v1'));
    const sender = createSender({ db: app.db, connections, log, now: options.now, listenBrainz, lastfm });
    let closing = false;
    const kick = () => {
      if (!closing) void sender.runDue();
    };
    const listens = createListens({ db: app.db, connections, log, now: options.now, listenBrainz, lastfm, queued: kick });
    app.decorate('scrobble', {
      ...listens,
      connections,
      listenBrainz,
      lastfm,
      lastfmState: createLastfmState(options.serverSecret),
      runDue: () => sender.runDue(),
    });

    // the radio's listeners get their listens through the same path (registered before this plugin)
    if (app.hasDecorator('radio')) followRadio(app.radio, listens, options.now, log);

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(kick, options.intervalMs ?? SENDER_INTERVAL_MS);
      timer.unref();
      kick();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await sender.idle();
    });
  },
  { name: 'scrobble', dependencies: ['database'] },
);
