import { createHash, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES } from '../../../../contract/authMessages';
import type { Db } from '../../../db/open';
import { claimAttempt, clearAttempts, countAttempts, LOGIN_FAILURE_LIMIT } from '../../auth/attempts';
import type { SubsonicUser } from '../method';
import { SUBSONIC_ERROR, SubsonicError, missingParameter } from '../protocol/errors';
import type { SubsonicParams } from '../protocol/params';
import type { AddressFailures } from './addressFailures';
import { apiKeyHash } from './apiKeys';
import type { AppPasswordCipher } from './appPasswordCipher';
import { findApiKeyOwner, findUserWithAppPassword, touchApiKey } from './credentialStore';

export interface AuthDeps {
  db: Db;
  cipher: AppPasswordCipher;
  now: Date;
  /** the request's address, and the failures counted per address */
  address: string;
  addressFailures: AddressFailures;
  /** when this app last wrote each API key's last_used_at (key id -> ms since the epoch) */
  keyTouches: Map<string, number>;
}

/**
 * One answer for every wrong name or app password (docs/product.md §2.13): an unknown account, an
 * account without an app password and a wrong app password are alike, so the answer tells nobody
 * which accounts exist or have an app password.
 */
const WRONG_CREDENTIALS = 'Wrong username or password.';
/** last_used_at is written at most this often per key, not on every request */
const TOUCH_EVERY_MS = 60_000;

/**
 * Who a Subsonic request acts as (docs/subsonic.md, Signing in): an OpenSubsonic `apiKey`, or `u`
 * with `t` + `s` (md5(app password + salt)) or `p` (the app password, plain or `enc:` hex).
 * Failures count per account and address (appFailureKey: 5 per 15 minutes) and per address over
 * every account (AddressFailures), never per account alone: apps carry no device cookie, so an
 * account-wide lock would let anyone lock the owner's apps.
 */
export async function authenticate(params: SubsonicParams, deps: AuthDeps): Promise<SubsonicUser> {
  if (deps.addressFailures.blocked(deps.address, deps.now.getTime())) throw new SubsonicError(SUBSONIC_ERROR.wrongCredentials, AUTH_MESSAGES.tooManyAttempts);
  try {
    return await signIn(params, deps);
  } catch (error) {
    if (error instanceof SubsonicError && FAILED_SIGN_IN.has(error.code)) deps.addressFailures.record(deps.address, deps.now.getTime());
    throw error;
  }
}

const FAILED_SIGN_IN = new Set<number>([SUBSONIC_ERROR.wrongCredentials, SUBSONIC_ERROR.invalidApiKey]);

async function signIn(params: SubsonicParams, deps: AuthDeps): Promise<SubsonicUser> {
  const apiKey = params.string('apiKey');
  const u = params.string('u');
  const t = params.string('t');
  const s = params.string('s');
  const p = params.string('p');

  if (apiKey !== undefined) {
    if (u !== undefined || t !== undefined || p !== undefined)
      throw new SubsonicError(SUBSONIC_ERROR.conflictingAuth, 'Multiple conflicting authentication mechanisms provided: send apiKey alone.');
    return byApiKey(apiKey, deps);
  }
  if (!u) throw missingParameter('u');
  if (t !== undefined && p !== undefined)
    throw new SubsonicError(SUBSONIC_ERROR.conflictingAuth, 'Multiple conflicting authentication mechanisms provided: send either p or t and s.');
  if (t !== undefined) {
    if (!s) throw missingParameter('s');
    return byPassword(u, { kind: 'token', token: t, salt: s }, deps);
  }
  if (p === undefined) throw missingParameter('p');
  return byPassword(u, { kind: 'plain', password: decodePassword(p) }, deps);
}

async function byApiKey(apiKey: string, { db, now, keyTouches }: AuthDeps): Promise<SubsonicUser> {
  const found = apiKey ? await findApiKeyOwner(db, apiKeyHash(apiKey)) : undefined;
  if (!found) throw new SubsonicError(SUBSONIC_ERROR.invalidApiKey, 'Invalid API key.');
  const last = keyTouches.get(found.keyId) ?? 0;
  if (now.getTime() - last >= TOUCH_EVERY_MS) {
    keyTouches.set(found.keyId, now.getTime());
    await touchApiKey(db, found.keyId, now);
  }
  return found.user;
}

type Proof = { kind: 'token'; token: string; salt: string } | { kind: 'plain'; password: string };

/**
 * The bucket of an app sign-in's failures: the account (or the name asked for, hashed, when there is
 * no such account) together with the address, so a stranger's guesses lock only the stranger.
 */
function appFailureKey(account: { userId: string } | { login: string }, address: string): string {
  const who = 'userId' in account ? `user:${account.userId}` : `login:${createHash('sha256').update(account.login.trim().toLowerCase(), 'utf8').digest('hex')}`;
  return `app:${who}@${address}`;
}

async function byPassword(login: string, proof: Proof, { db, cipher, now, address }: AuthDeps): Promise<SubsonicUser> {
  const found = await findUserWithAppPassword(db, login);
  const failureKey = appFailureKey(found ? { userId: found.user.id } : { login }, address);
  const failures = await countAttempts(db, 'login_failure', failureKey, LOGIN_FAILURE_LIMIT, now);
  if (failures >= LOGIN_FAILURE_LIMIT.max) throw new SubsonicError(SUBSONIC_ERROR.wrongCredentials, AUTH_MESSAGES.tooManyFailedSignIns);

  const appPassword = found?.ciphertext ? cipher.decrypt(found.ciphertext) : null;
  if (!found || appPassword === null || !matches(appPassword, proof)) {
    const attempt = await claimAttempt(db, 'login_failure', failureKey, LOGIN_FAILURE_LIMIT, now);
    throw new SubsonicError(SUBSONIC_ERROR.wrongCredentials, attempt === null ? AUTH_MESSAGES.tooManyFailedSignIns : WRONG_CREDENTIALS);
  }
  if (failures > 0) await clearAttempts(db, 'login_failure', failureKey);
  return found.user;
}

function matches(appPassword: string, proof: Proof): boolean {
  if (proof.kind === 'plain') return sameText(appPassword, proof.password);
  const expected = createHash('md5')
    .update(appPassword + proof.salt, 'utf8')
    .digest('hex');
  return sameText(expected, proof.token.toLowerCase());
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `p=enc:<hex>` is the password's UTF-8 bytes in hex (DSub and other older apps send it). */
function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return '\u0000invalid';
  return Buffer.from(hex, 'hex').toString('utf8');
}
