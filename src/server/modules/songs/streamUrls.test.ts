import { jest } from '@jest/globals';
import { createTokenService } from '../auth/tokens';
import { createStreamUrlSigner, STREAM_TOKEN_TTL_SECONDS } from './streamUrls';

const SECRET = 'stream-url-test-secret-stream-url-test-secret';

function setup() {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const tokens = createTokenService(SECRET, () => clock.now);
  const signStream = jest.spyOn(tokens, 'signStream');
  return { clock, tokens, signStream, signer: createStreamUrlSigner(tokens, () => clock.now) };
}

const tokenOf = (url: string) => decodeURIComponent(url.split('?st=')[1]);

describe('createStreamUrlSigner', () => {
  it('reuses one token per user and song while it has hours left, then signs a new one', async () => {
    const { clock, tokens, signStream, signer } = setup();
    const first = await signer.urlFor('user-1', 'song-1');
    expect(first).toMatch(/^\/api\/songs\/stream\/song-1\?st=/);
    expect(await signer.urlFor('user-1', 'song-1')).toBe(first);
    expect(signStream).toHaveBeenCalledTimes(1);
    expect(await tokens.verifyStream(tokenOf(first))).toEqual({ userId: 'user-1', songId: 'song-1' });

    // another user or another song gets its own token
    expect(await signer.urlFor('user-2', 'song-1')).not.toBe(first);
    expect(await signer.urlFor('user-1', 'song-2')).not.toBe(first);

    clock.now += 2 * 60 * 60 * 1000;
    expect(await signer.urlFor('user-1', 'song-1')).toBe(first);
    clock.now += 90 * 60 * 1000; // 3.5 h old: less than 3 h left
    const renewed = await signer.urlFor('user-1', 'song-1');
    expect(renewed).not.toBe(first);
    clock.now += (STREAM_TOKEN_TTL_SECONDS - 60) * 1000;
    await expect(tokens.verifyStream(tokenOf(renewed))).resolves.toEqual({ userId: 'user-1', songId: 'song-1' });
  });

  it('signs a new token when asked for a fresh one', async () => {
    const { clock, signStream, signer } = setup();
    const first = await signer.urlFor('u', 's');
    clock.now += 1000;
    expect(await signer.urlFor('u', 's', { fresh: true })).not.toBe(first);
    expect(signStream).toHaveBeenCalledTimes(2);
  });
});
