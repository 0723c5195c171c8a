import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { expectValidXml } from './test/xsd';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
let ids: Record<string, string>;
beforeAll(async () => {
  fx = await subsonicFixture();
  ids = {};
  for (const title of ['Q One', 'Q Two', 'A One']) ids[title] = await fx.songId(title);
}, 120_000);
afterAll(async () => fx?.close());

const web = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who: 'listener' | 'admin' = 'listener') => {
  const res = await fx.t.app.inject({ method, url, headers: fx.as[who].user.headers, payload });
  return { status: res.statusCode, body: res.json() };
};
const codeOf = (res: unknown) => (res as { error?: { code: number } }).error?.code;

describeWithFfmpeg('Subsonic sharing: the web app’s shares (docs/subsonic.md, Sharing)', () => {
  it('createShare of songs is a web share with the same id, URL and entries; its public page plays them', async () => {
    const expires = Date.now() + 86_400_000;
    const made = await fx.as.listener.token.createShare({ id: [ids['Q Two'], ids['Q One']], description: 'from my phone', expires });
    expect(made.status).toBe('ok');
    const [share] = made.shares.share ?? [];
    expect(share).toMatchObject({ description: 'from my phone', username: fx.listener.user.username, visitCount: 0 });
    expect(share.url).toBe(`${fx.baseUrl}/s/${share.id}`);
    // on PostgreSQL the time came back without its milliseconds (not on PGlite): what matters is the second asked for
    expect(Math.abs(new Date(String(share.expires)).getTime() - expires)).toBeLessThan(1000);
    expect(share.entry?.map((e) => e.id)).toEqual([ids['Q Two'], ids['Q One']]);

    const list = await web('GET', '/api/shares');
    expect(list.body.shares.find((s: { id: string }) => s.id === share.id)).toMatchObject({
      kind: 'song',
      description: 'from my phone',
      itemIds: [ids['Q Two'], ids['Q One']],
    });
    const page = await fetch(`${fx.baseUrl}/api/public/shares/${share.id}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { share: { tracks: { id: string }[] } }).share.tracks.map((t) => t.id)).toEqual([ids['Q Two'], ids['Q One']]);
  });

  it('a share made in the web app is in getShares, with its album songs and the visit count', async () => {
    const albums = await fx.as.listener.key.getAlbumList2({ type: 'alphabeticalByName', size: 1 });
    const album = albums.albumList2.album![0];
    const created = await web('POST', '/api/shares', { kind: 'album', ids: [album.id], description: 'album night' });
    expect(created.status).toBe(201);
    await fetch(`${fx.baseUrl}/api/public/shares/${created.body.share.id}`);
    const shares = await fx.as.listener.key.getShares();
    const found = shares.shares.share?.find((s) => s.id === created.body.share.id);
    expect(found).toMatchObject({ description: 'album night', visitCount: 1 });
    // the client turns `expires` into a Date, not `lastVisited`
    expect(new Date(String(found?.lastVisited)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(found?.entry?.length).toBe(album.songCount);

    const xml = await (await fx.raw('getShares', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(
      new RegExp(
        `<share id="${created.body.share.id}" url="[^"]+/s/${created.body.share.id}" description="album night" username="[^"]+" created="[^"]+" lastVisited="[^"]+" visitCount="1"><entry `,
      ),
    );
    expectValidXml(xml);
  });

  it('updateShare changes the description and expiry (0: never); deleteShare revokes; another user gets error 70', async () => {
    const made = await fx.as.listener.key.createShare({ id: ids['A One'] });
    const id = made.shares.share![0].id;
    expect(await fx.as.listener.key.updateShare({ id, description: 'renamed', expires: Date.now() + 3_600_000 })).toMatchObject({ status: 'ok' });
    expect((await web('GET', `/api/shares/${id}`)).body.share).toMatchObject({ description: 'renamed', expired: false });
    expect(await fx.as.listener.key.updateShare({ id, expires: 0 })).toMatchObject({ status: 'ok' });
    expect((await web('GET', `/api/shares/${id}`)).body.share).toMatchObject({ description: 'renamed', expiresAt: null });

    for (const call of [() => fx.as.admin.key.updateShare({ id, description: 'theirs' }), () => fx.as.admin.key.deleteShare({ id })]) {
      expect(codeOf(await call().catch((error: unknown) => (error as { response?: unknown }).response ?? error))).toBe(70);
    }
    expect((await fx.as.admin.key.getShares()).shares.share ?? []).toEqual([]);
    expect((await web('GET', `/api/shares/${id}`)).body.share.description).toBe('renamed');

    expect(await fx.as.listener.key.deleteShare({ id })).toMatchObject({ status: 'ok' });
    expect((await web('GET', `/api/shares/${id}`)).status).toBe(404);
    expect((await fetch(`${fx.baseUrl}/api/public/shares/${id}`)).status).toBe(404);
  });

  it('refuses unknown ids (70), a mix of an album and songs, and a past expiry', async () => {
    const raw = async (params: Record<string, string | string[]>) =>
      (await (await fx.raw('createShare', fx.tokenParams('listener', { ...params, f: 'json' }))).json()) as {
        'subsonic-response': { status: string; error?: { code: number; message: string } };
      };
    expect((await raw({ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }))['subsonic-response'].error?.code).toBe(70);
    const albums = await fx.as.listener.key.getAlbumList2({ type: 'alphabeticalByName', size: 1 });
    const mixed = await raw({ id: [albums.albumList2.album![0].id, ids['Q One']] });
    expect(mixed['subsonic-response'].error).toMatchObject({ code: 0 });
    const past = await raw({ id: ids['Q One'], expires: String(Date.now() - 60_000) });
    expect(past['subsonic-response'].error).toEqual({ code: 0, message: 'The expiry must be in the future' });
    expect((await raw({}))['subsonic-response'].error?.code).toBe(10);
  });

  it('getUser says everyone may share', async () => {
    expect((await fx.as.listener.key.getUser({ username: fx.listener.user.username })).user.shareRole).toBe(true);
  });

  itMatchesOpenApi(() => fx);
});
