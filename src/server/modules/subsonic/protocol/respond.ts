import type { FastifyReply } from 'fastify';
import { SUBSONIC_ERROR, SubsonicError } from './errors';
import { toXml } from './xml';

/** What every response says of the server (docs/subsonic.md, Protocol). */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'wavelength';
export const SERVER_VERSION = '0.1.0';

export type SubsonicFormat = { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

export interface ErrorAnswer {
  /** a media request's XML error is text/xml (protocol/mediaRequest.ts) */
  media?: boolean;
}

const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** The format a request asks for (`f`); XML when absent or unknown, as Subsonic does. */
export function responseFormat(f: string | undefined, callback: string | undefined): SubsonicFormat {
  if (f === 'json') return { kind: 'json' };
  if (f === 'jsonp') {
    if (!callback || !CALLBACK_NAME.test(callback) || callback.length > 100)
      throw new SubsonicError(SUBSONIC_ERROR.missingParameter, "Required parameter 'callback' is missing or is not a JavaScript name.");
    return { kind: 'jsonp', callback };
  }
  return { kind: 'xml' };
}

function envelope(status: 'ok' | 'failed') {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true };
}

/** Sends `payload` (the fields beside status, e.g. `{ album: {…} }`) as a successful response. */
export function sendOk(reply: FastifyReply, format: SubsonicFormat, payload: Record<string, unknown>): FastifyReply {
  return send(reply, format, { ...envelope('ok'), ...payload });
}

/** Errors answer HTTP 200 with status "failed", as the protocol says; the code tells what failed. */
export function sendError(reply: FastifyReply, format: SubsonicFormat, error: SubsonicError, { media = false }: ErrorAnswer = {}): FastifyReply {
  return send(reply, format, { ...envelope('failed'), error: { code: error.code, message: error.message } }, media ? 'text/xml' : 'application/xml');
}

function send(reply: FastifyReply, format: SubsonicFormat, body: Record<string, unknown>, xmlType = 'application/xml'): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (format.kind === 'xml') {
    const { status, version, type, serverVersion, openSubsonic, ...payload } = body;
    const root = { xmlns: 'http://subsonic.org/restapi', status, version, type, serverVersion, openSubsonic };
    return reply.type(`${xmlType}; charset=utf-8`).send(toXml('subsonic-response', root, payload));
  }
  const json = JSON.stringify({ 'subsonic-response': body });
  if (format.kind === 'jsonp') return reply.type('application/javascript; charset=utf-8').send(`${format.callback}(${json});`);
  return reply.type('application/json; charset=utf-8').send(json);
}
