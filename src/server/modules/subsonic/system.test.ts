import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
beforeAll(async () => {
  fx = await subsonicFixture();
}, 120_000);
afterAll(async () => fx?.close());

describeWithFfmpeg('Subsonic system calls', () => {
  it('ping answers ok through both sign-in schemes, with the OpenSubsonic envelope', async () => {
    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.ping();
      expect(res).toMatchObject({ status: 'ok', version: '1.16.1', type: 'wavelength', openSubsonic: true });
      expect(typeof (res as Record<string, unknown>).serverVersion).toBe('string');
    }
  });

  it('getLicense is valid and getMusicFolders names one folder', async () => {
    expect((await fx.as.listener.token.getLicense()).license.valid).toBe(true);
    expect((await fx.as.listener.key.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Music' }]);
  });
});

describe('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
