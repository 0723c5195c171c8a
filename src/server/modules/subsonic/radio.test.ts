import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { RADIO_STATION } from './methods/radio';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
beforeAll(async () => {
  fx = await subsonicFixture();
}, 120_000);
afterAll(async () => fx?.close());

const asAdmin = (url: string, payload?: object) => fx.t.app.inject({ method: 'POST', url, headers: fx.as.admin.user.headers, ...(payload ? { payload } : {}) });

async function onAir(): Promise<boolean> {
  const res = await fx.t.app.inject({ method: 'GET', url: '/api/radio/queue', headers: fx.listener.headers });
  const state = res.json();
  return state.isRadioActive && state.currentTrack !== null;
}

describeWithFfmpeg('Subsonic getInternetRadioStations', () => {
  it('lists nothing while the radio is off air', async () => {
    expect(await onAir()).toBe(false);
    const res = await fx.as.listener.token.getInternetRadioStations();
    expect(res).toMatchObject({ status: 'ok' });
    expect(res.internetRadioStations).toEqual({});
  });

  it('lists nothing when the radio is switched on with nothing to play', async () => {
    expect((await asAdmin('/api/radio/toggle')).json()).toMatchObject({ isRadioActive: true });
    try {
      expect(await onAir()).toBe(false);
      expect((await fx.as.listener.key.getInternetRadioStations()).internetRadioStations).toEqual({});
    } finally {
      expect((await asAdmin('/api/radio/toggle')).json()).toMatchObject({ isRadioActive: false });
    }
  });

  it('lists the Wavelength radio, with the web app’s radio page and the playing song’s cover, while a track is on air', async () => {
    const songId = await fx.songId('Q One');
    expect((await asAdmin('/api/radio/queue', { songId })).statusCode).toBe(200);
    await asAdmin('/api/radio/toggle');
    expect(await onAir()).toBe(true);
    const [song] = await fx.t.app.db.select({ artworkHash: songs.artworkHash }).from(songs).where(eq(songs.id, songId));
    expect(song.artworkHash).toMatch(/^[0-9a-f]{32}$/);
    for (const client of [fx.as.listener.token, fx.as.admin.key]) {
      const res = await client.getInternetRadioStations();
      expect(res.internetRadioStations.internetRadioStation).toEqual([
        {
          id: RADIO_STATION.id,
          name: 'Wavelength Radio',
          streamUrl: `${fx.baseUrl}/radio`,
          homePageUrl: `${fx.baseUrl}/radio`,
          coverArt: song.artworkHash,
        },
      ]);
    }
    const xml = await (await fx.raw('getInternetRadioStations', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(
      /<internetRadioStations><internetRadioStation id="wavelength-radio" name="Wavelength Radio" streamUrl="http:\/\/127\.0\.0\.1:\d+\/radio"/,
    );

    await asAdmin('/api/radio/toggle');
    expect(await onAir()).toBe(false);
    expect((await fx.as.listener.token.getInternetRadioStations()).internetRadioStations).toEqual({});
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
