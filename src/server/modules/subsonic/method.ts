import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/open';
import type { ModuleOptions } from '../moduleOptions';
import type { NowPlayingTable } from './personal/nowPlaying';
import type { SubsonicParams } from './protocol/params';

/** The account a Subsonic request acts as. */
export interface SubsonicUser {
  id: string;
  username: string;
  email: string;
  role: 'user' | 'admin';
}

/** What a method's handler works with. */
export interface SubsonicContext {
  app: FastifyInstance;
  db: Db;
  /** null only for methods declared `auth: 'public'` */
  user: SubsonicUser;
  params: SubsonicParams;
  request: FastifyRequest;
  reply: FastifyReply;
  options: ModuleOptions;
  /** what each user's Subsonic apps say is playing (this app's Subsonic API owns it) */
  nowPlaying: NowPlayingTable;
  now(): Date;
}

/** Returned by a handler that sent the reply itself (a stream, a download, an image). */
export const SENT = Symbol('subsonic.sent');

/** The fields beside status in subsonic-response, e.g. `{ album: {…} }`; `{}` for an empty answer. */
export type SubsonicPayload = Record<string, unknown>;

export interface SubsonicMethod {
  /** public: no credentials (getOpenSubsonicExtensions); admin: listeners get error 50; default user */
  auth?: 'public' | 'user' | 'admin';
  handle(ctx: SubsonicContext): Promise<SubsonicPayload | typeof SENT>;
}

/** Methods by name, without the `.view` suffix. Each group file exports one table. */
export type MethodTable = Record<string, SubsonicMethod>;
