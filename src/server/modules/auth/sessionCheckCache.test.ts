import { SESSION_CHECK_TTL_MS, SessionCheckCache, sessionChecks } from './sessionCheckCache';
import { SessionEndings } from '../../db/sessionEndings';

const session = { userId: 'user-1', sessionId: 'session-1' };
const farExpiry = 24 * 60 * 60 * 1000;

/** A check that counts its calls and answers `alive`. */
function countingCheck(alive = true, expiresAtMs = farExpiry) {
  const check = async () => {
    check.calls += 1;
    return alive ? { session, expiresAtMs } : null;
  };
  check.calls = 0;
  return check;
}

describe('SessionCheckCache', () => {
  let endings: SessionEndings;
  const sessionsEnded = () => endings.ended();
  beforeEach(() => {
    endings = new SessionEndings();
  });

  it('checks once, answers from memory until the TTL ends, then checks again', async () => {
    const cache = new SessionCheckCache(endings);
    const check = countingCheck();
    expect(await cache.verify('cookie', 1_000, check)).toEqual(session);
    expect(await cache.verify('cookie', 1_000 + SESSION_CHECK_TTL_MS - 1, check)).toEqual(session);
    expect(check.calls).toBe(1);
    expect(await cache.verify('cookie', 1_000 + SESSION_CHECK_TTL_MS, check)).toEqual(session);
    expect(check.calls).toBe(2);
  });

  it('remembers no refusal', async () => {
    const cache = new SessionCheckCache(endings);
    const check = countingCheck(false);
    expect(await cache.verify('cookie', 1_000, check)).toBeNull();
    expect(await cache.verify('cookie', 1_001, check)).toBeNull();
    expect(check.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything when a session ends in this process', async () => {
    const cache = new SessionCheckCache(endings);
    await cache.verify('cookie', 1_000, countingCheck());
    sessionsEnded();
    const refused = countingCheck(false);
    expect(await cache.verify('cookie', 1_001, refused)).toBeNull();
    expect(refused.calls).toBe(1);
  });

  it('does not remember a yes from a check that a session end overtook', async () => {
    const cache = new SessionCheckCache(endings);
    const slowCheck = async () => {
      sessionsEnded(); // logout commits while this check's query is on its way
      return { session, expiresAtMs: farExpiry };
    };
    expect(await cache.verify('cookie', 1_000, slowCheck)).toEqual(session);
    const check = countingCheck(false);
    expect(await cache.verify('cookie', 1_001, check)).toBeNull();
    expect(check.calls).toBe(1);
  });

  it('never outlives the cookie, and distrusts a clock that went backwards', async () => {
    const cache = new SessionCheckCache(endings);
    const check = countingCheck(true, 1_500);
    await cache.verify('cookie', 1_000, check);
    expect(cache.get('cookie', 1_499)).toEqual(session);
    expect(cache.get('cookie', 1_500)).toBeUndefined();
    await cache.verify('cookie', 1_000, countingCheck());
    expect(cache.get('cookie', 999)).toBeUndefined();
  });

  it('keys by the whole cookie value', async () => {
    const cache = new SessionCheckCache(endings);
    await cache.verify('cookie', 1_000, countingCheck());
    expect(cache.get('cookie', 1_001)).toEqual(session);
    expect(cache.get('cookie2', 1_001)).toBeUndefined();
    expect(cache.get('cooki', 1_001)).toBeUndefined();
  });

  it('holds at most 10,000 cookies, dropping the oldest', async () => {
    const cache = new SessionCheckCache(endings);
    const check = countingCheck();
    for (let i = 0; i <= 10_000; i += 1) await cache.verify(`cookie-${i}`, 1_000, check);
    expect(cache.size).toBe(10_000);
    expect(cache.get('cookie-0', 1_001)).toBeUndefined();
    expect(cache.get('cookie-10000', 1_001)).toEqual(session);
  });
});

describe('sessionChecks', () => {
  it('remembers with the embedded database and asks every time with PostgreSQL', async () => {
    const embedded = countingCheck();
    const checks = sessionChecks('pglite', new SessionEndings());
    await checks.verify('token', 1_000, embedded);
    expect(await checks.verify('token', 1_001, embedded)).toEqual(session);
    expect(embedded.calls).toBe(1);

    const pg = countingCheck();
    const every = sessionChecks('pg', new SessionEndings());
    await every.verify('token', 1_000, pg);
    expect(await every.verify('token', 1_001, pg)).toEqual(session);
    expect(pg.calls).toBe(2);
    expect(await every.verify('token', 1_002, countingCheck(false))).toBeNull();
  });
});
