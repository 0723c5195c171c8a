import { randomBytes } from 'node:crypto';
import { SHARE_PUBLIC_LIMIT } from '../../../contract/shares';
import { createShareOf, sharesFixture, type SharesFixture } from './test/sharesApp';

/** docs/product.md §9: guessing share ids from one address runs into 429 (its own app: the limit is per app on PGlite). */
const SLOW = 60_000;
let fx: SharesFixture;
beforeAll(async () => {
  fx = await sharesFixture();
}, SLOW);
afterAll(async () => fx?.t.close());

const guess = (ip: string) => fx.t.app.inject({ method: 'GET', url: `/api/public/shares/${randomBytes(16).toString('base64url')}`, remoteAddress: ip });

it(
  'answers 429 once an address has asked for too many ids in the window, on every public route; another address still gets in',
  async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SHARE_PUBLIC_LIMIT.max; i += 1) statuses.push((await guess('203.0.113.7')).statusCode);
    expect(new Set(statuses)).toEqual(new Set([404]));

    const limited = await guess('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many requests. Please wait a moment and try again.' });
    expect(limited.headers['set-cookie']).toBeUndefined();

    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], downloadable: true });
    const song = fx.albumSongs[0].id;
    for (const url of [
      `/api/public/shares/${share.id}`,
      `/api/public/shares/${share.id}/tracks/${song}/stream`,
      `/api/public/shares/${share.id}/tracks/${song}/download`,
      `/api/public/shares/${share.id}/artwork/${fx.albumArt}`,
      `/api/public/shares/${share.id}/playlist.m3u`,
    ]) {
      const res = await fx.t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 429 });
    }
    expect((await fx.t.app.inject({ method: 'GET', url: `/api/public/shares/${share.id}`, remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
  },
  SLOW,
);
