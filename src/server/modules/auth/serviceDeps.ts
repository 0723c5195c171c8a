import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import type { Mailer } from '../../mail/mailer';
import type { SessionEndings } from '../../db/sessionEndings';
import type { TokenService } from './tokens';

/** What the auth service's flows (accountFlows.ts, passwordReset.ts) run on; service.ts builds the service over them. */
export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  now: () => number;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessionEndings: SessionEndings;
}
