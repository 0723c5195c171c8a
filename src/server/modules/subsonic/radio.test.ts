import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { RADIO_STREAM_PATH } from '../../../contract/radioStream';
import { songs } from '../../db/schema';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { createAuthorizeListener } from '../radio/stream/access/authorizeListener';
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

  it('lists the Wavelength radio, with the user’s own listen link as stream, the web app’s radio page and the playing song’s cover, while a track is on air', async () => {
    const songId = await fx.songId('Q One');
    expect((await asAdmin('/api/radio/queue', { songId })).statusCode).toBe(200);
    await asAdmin('/api/radio/toggle');
    expect(await onAir()).toBe(true);
    const [song] = await fx.t.app.db.select({ artworkHash: songs.artworkHash }).from(songs).where(eq(songs.id, songId));
    expect(song.artworkHash).toMatch(/^[0-9a-f]{32}$/);
    const streamUrls: string[] = [];
    for (const [client, who] of [
      [fx.as.listener.token, fx.listener],
      [fx.as.admin.key, fx.as.admin.user],
    ] as const) {
      const res = await client.getInternetRadioStations();
      // the same token the Settings page shows this user (made by whichever asked first)
      const shown = new URL((await fx.t.app.inject({ method: 'GET', url: '/api/radio/listen-url', headers: who.headers })).json().url);
      const streamUrl = `${fx.baseUrl}${RADIO_STREAM_PATH}?listen=${shown.searchParams.get('listen')}`;
      streamUrls.push(streamUrl);
      const query = Object.fromEntries(new URL(streamUrl).searchParams);
      expect((await createAuthorizeListener(fx.t.app.db)({ query } as unknown as FastifyRequest)).user?.id).toBe(who.user.id);
      expect((await client.getInternetRadioStations()).internetRadioStations.internetRadioStation?.[0].streamUrl).toBe(streamUrl);
      expect(res.internetRadioStations.internetRadioStation).toEqual([
        {
          id: RADIO_STATION.id,
          name: 'Wavelength Radio',
          streamUrl,
          homePageUrl: `${fx.baseUrl}/radio`,
          coverArt: song.artworkHash,
        },
      ]);
    }
    expect(streamUrls[0]).not.toBe(streamUrls[1]);
    const xml = await (await fx.raw('getInternetRadioStations', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(
      /<internetRadioStations><internetRadioStation id="wavelength-radio" name="Wavelength Radio" streamUrl="http:\/\/127\.0\.0\.1:\d+\/api\/radio\/live\?listen=[\w-]{43}" homePageUrl="http:\/\/127\.0\.0\.1:\d+\/radio"/,
    );

    await asAdmin('/api/radio/toggle');
    expect(await onAir()).toBe(false);
    expect((await fx.as.listener.token.getInternetRadioStations()).internetRadioStations).toEqual({});
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
