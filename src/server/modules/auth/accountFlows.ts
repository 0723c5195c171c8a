import { AUTH_MESSAGES } from '../../../contract/authMessages';
import type { LoginBody, PublicUser, RegisterBody } from '../../../contract/auth';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../../lib/httpError';
import type { TrustedDevice } from './deviceCookie';
import { checkPasswordGuarded } from './passwordGuard';
import { DUMMY_PASSWORD_HASH, hashPassword } from './passwords';
import type { AuthServiceDeps } from './serviceDeps';
import { createSession, endSession, rotateSession } from './sessions';
import type { AccessClaims } from './tokens';
import { findUserById, findUserByLogin, insertUser, toPublicUser } from './users';

type Deps = Pick<AuthServiceDeps, 'db' | 'tokens' | 'now' | 'sessionEndings'>;

/** A new session for the user and its first access token. */
async function issue({ db, tokens, now }: Deps, user: { id: string; role: 'user' | 'admin' }): Promise<string> {
  const { sessionId, jti } = await createSession(db, user.id, new Date(now()));
  const { token } = await tokens.signAccess({ userId: user.id, role: user.role, sessionId, jti });
  return token;
}

/** The claims of a token that names a session (expired or not); null with no or a bad token. */
async function verifyForSession({ tokens }: Deps, token: string | undefined): Promise<AccessClaims | null> {
  if (!token) return null;
  try {
    return await tokens.verifyAccess(token, { allowExpired: true });
  } catch {
    return null;
  }
}

export async function register({ db }: Deps, body: RegisterBody): Promise<PublicUser> {
  const result = await insertUser(db, { ...body, passwordHash: await hashPassword(body.password) });
  if ('conflict' in result) {
    throw new HttpError(409, result.conflict === 'email' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken, { field: result.conflict });
  }
  return toPublicUser(result.user);
}

/**
 * The same 401 for a wrong password and an unknown account; 5 failures per account per 15
 * minutes, except from a browser whose device cookie names this account (passwordGuard.ts).
 */
export async function login(deps: Deps, body: LoginBody, device: TrustedDevice | null): Promise<{ token: string; user: PublicUser }> {
  const login = body.username.trim().toLowerCase();
  const user = await findUserByLogin(deps.db, login);
  const ok = await checkPasswordGuarded(deps.db, {
    accountKey: user ? `user:${user.id}` : `login:${login}`,
    userId: user?.id ?? null,
    password: body.password,
    passwordHash: user?.passwordHash ?? DUMMY_PASSWORD_HASH,
    device,
    now: new Date(deps.now()),
  });
  if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
  return { token: await issue(deps, user), user: toPublicUser(user) };
}

/** A new token for a live session (the old token may have expired); the session's token id rotates. */
export async function refresh(deps: Deps, token: string | undefined): Promise<string> {
  if (!token) throw new HttpError(401, MESSAGES.noRefreshToken);
  const claims = await verifyForSession(deps, token);
  if (!claims) throw new HttpError(401, MESSAGES.refreshFailed);
  const user = await findUserById(deps.db, claims.userId);
  const jti = user ? await rotateSession(deps.db, claims.sessionId, claims.jti, new Date(deps.now())) : null;
  if (!user || !jti) throw new HttpError(401, MESSAGES.refreshFailed);
  const next = await deps.tokens.signAccess({ userId: user.id, role: user.role, sessionId: claims.sessionId, jti });
  return next.token;
}

/** Ends the token's session (also for an expired token) and returns its id; answers null with no or a bad token. */
export async function logout(deps: Deps, token: string | undefined): Promise<string | null> {
  const claims = await verifyForSession(deps, token);
  if (!claims) return null;
  await endSession(deps.db, claims.sessionId, new Date(deps.now()), deps.sessionEndings);
  return claims.sessionId;
}
