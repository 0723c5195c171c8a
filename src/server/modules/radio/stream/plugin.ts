import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createAuthorizeListener } from './access/authorizeListener';
import type { AuthorizeListener } from './listenerIdentity';
import type { PcmSourceFactory } from './pcm';
import { RadioStream } from './radioStream';
import { radioStreamRoutes } from './routes';
import { stationSongs } from './stationSongs';
import { stationSourceFactory } from './stationSource';

declare module 'fastify' {
  interface FastifyInstance {
    /** The station's live stream on this instance (its encoder, its connections); tests kill its ffmpeg. */
    radioStream: RadioStream;
  }
}

export interface RadioStreamPluginOptions {
  config: Config;
  /** what the station sounds like (default: its scheduled tracks, decoded from the library) */
  source?: PcmSourceFactory;
  /** who may listen (default: a user's listen link, or anyone while the stream is public) */
  authorize?: AuthorizeListener;
  /** seconds of audio the ring keeps (default 10) */
  ringSeconds?: number;
}

/**
 * The live stream: GET /api/radio/live and GET /api/radio/stream/listeners. Its listeners count
 * among the station's (app.radio); closing the app ends the connections and stops the encoder.
 */
export const radioStreamPlugin = fp<RadioStreamPluginOptions>(
  async (app, options) => {
    const config = options.config.radioStream;
    const stream = new RadioStream({
      source:
        options.source ??
        stationSourceFactory({
          snapshot: () => app.radio.liveSnapshot(),
          resolve: stationSongs(app.db, options.config),
          log: app.log,
        }),
      bitrateKbps: config.bitrateKbps,
      maxListeners: config.maxListeners,
      maxPerUser: config.maxPerUser,
      idleStopMs: config.idleStopMs,
      ringSeconds: options.ringSeconds,
      log: app.log,
      onListenersChange: (key) => app.radio.streamListenersChanged(key),
    });
    app.decorate('radioStream', stream);
    app.radio.countStreamListeners(stream);
    // before the radio stops (hooks run in reverse): the last count it publishes leaves these out
    app.addHook('onClose', () => stream.close());
    await app.register(radioStreamRoutes, {
      prefix: '/api',
      stream,
      authorize: options.authorize ?? createAuthorizeListener(app.db),
      bitrateKbps: config.bitrateKbps,
    });
  },
  { name: 'radio-stream', dependencies: ['radio', 'auth'] },
);
