import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import { isDiskFull } from '../../lib/diskFull';
import { HttpError } from '../../lib/httpError';
import type { ModuleOptions } from '../moduleOptions';
import { AddressFailures } from './auth/addressFailures';
import { authenticate } from './auth/authenticate';
import { createAppPasswordCipher } from './auth/appPasswordCipher';
import { SENT, type SubsonicContext, type SubsonicUser } from './method';
import { SUBSONIC_METHODS } from './methods';
import { checkMusicFolder } from './methods/musicFolder';
import { NowPlayingTable } from './personal/nowPlaying';
import { SUBSONIC_ERROR, SubsonicError, notAuthorized } from './protocol/errors';
import { isMediaRequest } from './protocol/mediaRequest';
import { SubsonicParams } from './protocol/params';
import { responseFormat, sendError, sendOk, type SubsonicFormat } from './protocol/respond';

export interface SubsonicOptions extends ModuleOptions {
  /** the server's secret, which the app passwords' encryption key derives from */
  serverSecret: string;
}

const FORM_BODY_LIMIT = 1024 * 1024;

/**
 * The OpenSubsonic API (docs/subsonic.md): `/rest/<method>` and `/rest/<method>.view`, GET with a
 * query string or POST with a form body (the formPost extension), answered as XML (the default),
 * JSON or JSONP. It is a second face on the web app's services: a star is a like, a scrobble a play.
 */
export async function subsonicRoutes(app: FastifyInstance, options: SubsonicOptions): Promise<void> {
  const cipher = createAppPasswordCipher(options.serverSecret);
  const addressFailures = new AddressFailures();
  const keyTouches = new Map<string, number>();
  const nowPlaying = new NowPlayingTable();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  // anything thrown before a handler runs (a bad body, the input guard) still answers in the protocol
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (reply.sent) return;
    const media = isMediaRequest((request.params as { method?: string } | undefined)?.method);
    return sendError(reply, safeFormat(request), asSubsonicError(error, request), { media });
  });

  const handler = async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
    const params = paramsOf(request);
    let format: SubsonicFormat = { kind: 'xml' };
    try {
      format = responseFormat(params.string('f'), params.string('callback'));
      const name = request.params.method.replace(/\.view$/, '');
      const method = Object.hasOwn(SUBSONIC_METHODS, name) ? SUBSONIC_METHODS[name] : undefined;
      if (!method) throw new SubsonicError(SUBSONIC_ERROR.notFound, `Unknown API method '${name}'.`);
      let user: SubsonicUser | null = null;
      if (method.auth !== 'public') {
        checkVersion(params.string('v'));
        if (!params.string('c')) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, "Required parameter 'c' is missing.");
        user = await authenticate(params, { db: app.db, cipher, now: new Date(options.now()), address: request.ip, addressFailures, keyTouches });
        if (method.auth === 'admin' && user.role !== 'admin') throw notAuthorized(name);
      }
      checkMusicFolder(name, params);
      const ctx: SubsonicContext = {
        app,
        db: app.db,
        user: user as SubsonicUser,
        params,
        request,
        reply,
        options,
        nowPlaying,
        now: () => new Date(options.now()),
      };
      const payload = await method.handle(ctx);
      if (payload === SENT) return reply;
      return sendOk(reply, format, payload);
    } catch (error) {
      if (reply.sent) throw error;
      return sendError(reply, format, asSubsonicError(error, request), { media: isMediaRequest(request.params.method) });
    }
  };

  app.route({ method: ['GET', 'POST', 'HEAD'], url: '/rest/:method', handler });
}

/**
 * The client's protocol version `v`: any 1.x is served (1.16.1 answers what older 1.x clients read),
 * another major version cannot be: 0.x must upgrade (20), 2.x needs a newer server (30).
 */
function checkVersion(v: string | undefined): void {
  if (!v) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, "Required parameter 'v' is missing.");
  const major = /^(\d+)\.\d+(\.\d+)?$/.exec(v.trim())?.[1];
  if (major === undefined) throw new SubsonicError(SUBSONIC_ERROR.generic, `Parameter 'v' must be a protocol version such as 1.16.1, not '${v.slice(0, 20)}'.`);
  if (Number(major) < 1) throw new SubsonicError(SUBSONIC_ERROR.clientTooOld, 'Incompatible Subsonic REST protocol version. Client must upgrade.');
  if (Number(major) > 1) throw new SubsonicError(SUBSONIC_ERROR.serverTooOld, 'Incompatible Subsonic REST protocol version. Server must upgrade.');
}

function paramsOf(request: FastifyRequest): SubsonicParams {
  const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
  const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
  return new SubsonicParams([...query, ...body]);
}

function safeFormat(request: FastifyRequest): SubsonicFormat {
  try {
    const params = paramsOf(request);
    return responseFormat(params.string('f'), params.string('callback'));
  } catch {
    return { kind: 'xml' };
  }
}

function asSubsonicError(error: unknown, request: FastifyRequest): SubsonicError {
  if (error instanceof SubsonicError) return error;
  if (error instanceof HttpError && error.statusCode < 500) return new SubsonicError(SUBSONIC_ERROR.generic, error.message);
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status !== undefined && status < 500) return new SubsonicError(SUBSONIC_ERROR.generic, (error as Error).message);
  if (isDiskFull(error)) {
    request.server.diskFull.record();
    request.log.error({ err: error }, 'subsonic: disk full');
    return new SubsonicError(SUBSONIC_ERROR.generic, MESSAGES.diskFull);
  }
  request.log.error({ err: error }, 'subsonic: request failed');
  return new SubsonicError(SUBSONIC_ERROR.generic, 'The server could not answer this request. Try again in a moment.');
}
