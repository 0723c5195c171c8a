import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../contract/common';
import { RADIO_STREAM_PATH, RadioStreamListeners } from '../../../../contract/radioStream';
import { requireAdmin } from '../../../plugins/auth';
import { ICY_METAINT } from './icyMetadata';
import type { AuthorizeListener } from './listenerIdentity';
import type { RadioStream } from './radioStream';

export interface StreamRoutesOptions {
  stream: RadioStream;
  authorize: AuthorizeListener;
  bitrateKbps: number;
}

const STREAM_NAME = 'Wavelength Radio';
const STREAM_DESCRIPTION = 'The shared radio of this Wavelength server';

function streamHeaders(bitrateKbps: number, withIcy: boolean): Record<string, string> {
  return {
    'content-type': 'audio/mpeg',
    'cache-control': 'no-cache, no-store',
    pragma: 'no-cache',
    expires: '0',
    // an endless body: no length, no ranges (a Range request gets the whole live stream, 200)
    'accept-ranges': 'none',
    'x-content-type-options': 'nosniff',
    // the one exception to same-origin: the listen link plays in any page's <audio> (a web player elsewhere); it reads no cookie, so it leaks nothing the link does not already give
    'cross-origin-resource-policy': 'cross-origin',
    'icy-name': STREAM_NAME,
    'icy-description': STREAM_DESCRIPTION,
    'icy-br': String(bitrateKbps),
    'icy-pub': '0',
    ...(withIcy ? { 'icy-metaint': String(ICY_METAINT) } : {}),
  };
}

/** GET (and HEAD) /api/radio/live, the station's Icecast-style stream, and the admin's list of its listeners. */
export const radioStreamRoutes: FastifyPluginAsyncZod<StreamRoutesOptions> = async (app, { stream, authorize, bitrateKbps }) => {
  const wantsIcy = (request: FastifyRequest) => request.headers['icy-metadata'] === '1';

  const audio = z.any().describe('the endless MP3 stream (ICY metadata blocks interleaved with Icy-MetaData: 1; docs/api/radio.md)');
  const streamSchema = { tags: ['radio'], response: { 200: audio, ...errorResponses(401, 403, 429, 503) } };
  app.get(RADIO_STREAM_PATH.replace(/^\/api/, ''), { schema: streamSchema }, async (request, reply) => {
    const identity = await authorize(request);
    stream.admit(identity);
    const withIcy = wantsIcy(request);
    if (request.method === 'HEAD') {
      return reply.code(200).headers(streamHeaders(bitrateKbps, withIcy)).send();
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { ...streamHeaders(bitrateKbps, withIcy), connection: 'close' });
    res.flushHeaders();
    // no idle timeout on an endless response; the ring drops a listener that stops reading
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    stream.attach(identity, res, request.headers['user-agent'] ?? '', withIcy);
  });

  const listenersSchema = { tags: ['radio'], response: { 200: RadioStreamListeners, ...errorResponses(401, 403) } };
  app.get('/radio/stream/listeners', { preValidation: requireAdmin(), schema: listenersSchema }, async () => ({
    listeners: stream.listeners(),
    maxPerUser: stream.maxPerUser,
    maxTotal: stream.maxTotal,
  }));
};
