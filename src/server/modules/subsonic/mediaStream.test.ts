import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { describeWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { createUser, type TestApp } from '../../test/testApp';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { NO_FFMPEG_FOR_FORMAT } from '../../library/delivery/sendSongFile';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { expectValidXml } from './test/xsd';
import { bytesOf, fx, liveTranscodes, probe, rawFetch, songRow, useMediaFixture } from './test/mediaFixture';

/** Subsonic stream: the file with byte ranges, transcodes and their limits, and a server without ffmpeg. */
useMediaFixture();

describeWithFfmpeg('Subsonic stream: the file through the web app’s Range code', () => {
  it('sends the whole file with Accept-Ranges, byte for byte, through both sign-in schemes', async () => {
    const song = await songRow('Q One');
    const file = await readFile(song.filePath);
    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.stream({ id: song.id });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe(String(file.length));
      expect((await bytesOf(res)).equals(file)).toBe(true);
    }
  });

  it('answers first bytes, a middle range and a suffix range with 206 and the exact bytes; 416 past the end', async () => {
    const song = await songRow('Q Two');
    const file = await readFile(song.filePath);
    const size = file.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await rawFetch('stream', { id: song.id }, { headers: { range } });
      expect({ range, status: res.status }).toEqual({ range, status: 206 });
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect((await bytesOf(res)).equals(file.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await rawFetch('stream', { id: song.id }, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();
  });

  it('answers HEAD with the headers of the file and no body, and never redirects', async () => {
    const song = await songRow('A One');
    const size = (await readFile(song.filePath)).length;
    const res = await rawFetch('stream', { id: song.id }, { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(res)).length).toBe(0);
  });

  it('transcodes a FLAC song to MP3 for format=mp3&maxBitRate=96: audio/mpeg, no ranges, an MP3 at that bitrate', async () => {
    const song = await songRow('Hit 1');
    expect(song.codec).toBe('flac');
    const original = await readFile(song.filePath);
    const res = await fx.as.listener.token.stream({ id: song.id, format: 'mp3', maxBitRate: 96 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).not.toBe('bytes');
    expect(res.headers.get('content-length')).toBeNull();
    const body = await bytesOf(res);
    const id3 = body.subarray(0, 3).toString('latin1') === 'ID3';
    const frameSync = body[0] === 0xff && (body[1] & 0xe0) === 0xe0;
    expect(id3 || frameSync).toBe(true);
    expect(body.equals(original)).toBe(false);
    const probed = await probe(body);
    expect(probed.codec).toBe('mp3');
    expect(probed.bitRate).toBeLessThanOrEqual(100_000);
  });

  it('transcodes to Opus in Ogg for format=opus, and to MP3 for a maxBitRate below the file’s alone', async () => {
    const song = await songRow('Hit 2');
    const opus = await fx.as.listener.key.stream({ id: song.id, format: 'opus' as 'ogg' });
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    const ogg = await bytesOf(opus);
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect((await probe(ogg)).codec).toBe('opus');
    // a sine tone packs tight in FLAC: the limit must sit below this file's bitrate
    expect(song.bitRate).toBeGreaterThan(40_000);
    const limited = await fx.as.listener.key.stream({ id: song.id, maxBitRate: 40 });
    expect(limited.headers.get('content-type')).toBe('audio/mpeg');
    expect((await probe(await bytesOf(limited))).codec).toBe('mp3');
  });

  it('sends the original for format=raw, for a format the file already has under the limit, and for a limit above the file’s bitrate', async () => {
    const flac = await songRow('Hit 3');
    const mp3 = await songRow('Q One');
    const cases = [
      { song: flac, args: { format: 'raw' as const, maxBitRate: 96 } },
      { song: mp3, args: { format: 'mp3' as const, maxBitRate: 320 } },
      { song: mp3, args: { maxBitRate: 320 } },
      { song: mp3, args: { format: 'aac' as const } },
    ];
    for (const { song, args } of cases) {
      const res = await fx.as.listener.token.stream({ id: song.id, ...args });
      expect({ args, type: res.headers.get('content-type'), ranges: res.headers.get('accept-ranges') }).toEqual({
        args,
        type: song.mimeType,
        ranges: 'bytes',
      });
      expect((await bytesOf(res)).equals(await readFile(song.filePath))).toBe(true);
    }
  });

  it('answers HEAD of a transcode with its content type, without running ffmpeg', async () => {
    const song = await songRow('Hit 1');
    const before = liveTranscodes.running + liveTranscodes.stopped;
    const res = await rawFetch('stream', { id: song.id, format: 'mp3' }, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await bytesOf(res)).length).toBe(0);
    expect(liveTranscodes.running + liveTranscodes.stopped).toBe(before);
  });

  it('kills ffmpeg when the client goes away in the middle of a transcode', async () => {
    const song = await songRow('Long One');
    const stoppedBefore = liveTranscodes.stopped;
    const abort = new AbortController();
    const res = await rawFetch('stream', { id: song.id, format: 'mp3', maxBitRate: '320' }, { signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(liveTranscodes.running).toBe(1);
    abort.abort();
    await reader.read().catch(() => undefined);
    for (let i = 0; i < 100 && liveTranscodes.running > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(liveTranscodes.running).toBe(0);
    expect(liveTranscodes.stopped).toBe(stoppedBefore + 1);
  });

  it('waits for a slot while every ffmpeg slot is busy, then answers the format’s error, never the original FLAC; transcodes again after', async () => {
    const long = await songRow('Long One');
    const { pool } = fx.t.app.flacCopies;
    const saved = { ...pool.settings };
    Object.assign(pool.settings, { size: 2, liveWaitMs: 300 });
    const held = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const abort = new AbortController();
        const res = await rawFetch('stream', { id: long.id, format: 'mp3' }, { signal: abort.signal });
        expect(res.headers.get('content-type')).toBe('audio/mpeg');
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        held.push({ abort, reader });
      }
      expect(liveTranscodes.running).toBe(2);
      const started = Date.now();
      const refused = await rawFetch('stream', { id: long.id, format: 'mp3' }, { headers: { range: 'bytes=0-3' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await refused.json())['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0, message: expect.stringMatching(/busy .* to MP3/) },
      });
    } finally {
      for (const { abort, reader } of held) {
        abort.abort();
        await reader.read().catch(() => undefined);
      }
    }
    for (let i = 0; i < 100 && liveTranscodes.running > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(liveTranscodes.running).toBe(0);
    const again = await rawFetch('stream', { id: long.id, format: 'mp3' });
    expect(again.headers.get('content-type')).toBe('audio/mpeg');
    await again.body!.cancel();
    Object.assign(pool.settings, saved);
  });

  it('cuts a live transcode whose client stops reading, over real HTTP, and frees its slot', async () => {
    const long = await songRow('Long One');
    const { pool } = fx.t.app.flacCopies;
    const saved = { ...pool.settings };
    pool.settings.stallMs = 300;
    // the test before ends by cancelling a transcode: its stop is counted before this one's is
    for (let i = 0; i < 100 && liveTranscodes.running > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const stoppedBefore = liveTranscodes.stopped;
    try {
      const url = new URL(
        `${fx.baseUrl}/rest/stream?${new URLSearchParams(fx.tokenParams('listener', { f: 'json', id: long.id, format: 'mp3', maxBitRate: '320' }) as Record<string, string>)}`,
      );
      const res = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(url, resolve).on('error', reject).end());
      expect(res.headers['content-type']).toBe('audio/mpeg');
      // read one chunk, then never again: the socket's buffers fill and the server's response stalls
      await new Promise((resolve) => res.once('data', resolve));
      res.pause();
      const closed = new Promise((resolve) => res.socket.once('close', resolve));
      expect(liveTranscodes.running).toBe(1);
      const started = Date.now();
      for (let i = 0; i < 200 && liveTranscodes.running > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(liveTranscodes.running).toBe(0);
      expect(liveTranscodes.stopped).toBe(stoppedBefore + 1);
      expect(Date.now() - started).toBeLessThan(8000);
      res.destroy();
      await closed;
      expect(pool.running).toBe(0);
    } finally {
      Object.assign(pool.settings, saved);
    }
  });

  it('streams an ALAC song as its cached FLAC copy, with ranges', async () => {
    const song = await songRow('Lossless');
    expect(song.codec).toBe('alac');
    const whole = await fx.as.listener.token.stream({ id: song.id });
    expect(whole.headers.get('content-type')).toBe('audio/flac');
    const flac = await bytesOf(whole);
    expect(flac.subarray(0, 4).toString('latin1')).toBe('fLaC');
    const part = await rawFetch('stream', { id: song.id }, { headers: { range: 'bytes=4-99' } });
    expect(part.status).toBe(206);
    expect((await bytesOf(part)).equals(flac.subarray(4, 100))).toBe(true);
  });

  it('describes in each entry what its stream sends: the FLAC copy of AIFF and ALAC, the file itself otherwise', async () => {
    for (const title of ['Aiff Tone', 'Lossless', 'Hit 1', 'Q One']) {
      const song = await songRow(title);
      const entry = (await fx.as.listener.token.getSong({ id: song.id })).song;
      const res = await fx.as.listener.token.stream({ id: song.id });
      const sent = res.headers.get('content-type');
      const head = (await bytesOf(res)).subarray(0, 4).toString('latin1');
      expect({ title, sent }).toEqual({ title, sent: entry.transcodedContentType ?? entry.contentType });
      if (sent === 'audio/flac') expect(head).toBe('fLaC');
      expect({ title, suffix: entry.transcodedSuffix }).toEqual({ title, suffix: entry.transcodedContentType ? 'flac' : undefined });
    }
    const aiff = await songRow('Aiff Tone');
    expect(aiff.codec).toBe('pcm');
    expect((await fx.as.listener.key.getSong({ id: aiff.id })).song).toMatchObject({
      contentType: 'audio/aiff',
      suffix: 'aiff',
      transcodedContentType: 'audio/flac',
      transcodedSuffix: 'flac',
    });
    const xml = await (await fx.raw('getSong', fx.tokenParams('listener', { id: aiff.id }))).text();
    expect(xml).toMatch(/<song [^>]*transcodedContentType="audio\/flac" transcodedSuffix="flac"/);
    expectValidXml(xml);
  });

  it('announces bitrate × duration as Content-Length for estimateContentLength=true and sends exactly that many bytes', async () => {
    const song = await songRow('Hit 1');
    const expected = Math.ceil((96 * song.durationMs) / 8);
    const res = await fx.as.listener.token.stream({ id: song.id, format: 'mp3', maxBitRate: 96, estimateContentLength: true });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe(String(expected));
    const body = await bytesOf(res);
    expect(body.length).toBe(expected);
    expect((await probe(body)).codec).toBe('mp3');
    const head = await rawFetch('stream', { id: song.id, format: 'opus', maxBitRate: '64', estimateContentLength: 'true' }, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('audio/ogg');
    expect(head.headers.get('content-length')).toBe(String(Math.ceil((64 * song.durationMs) / 8)));
    // a ten-minute song: the length is known before ffmpeg has made it
    const long = await songRow('Long One');
    const abort = new AbortController();
    const streamed = await rawFetch('stream', { id: long.id, format: 'mp3', maxBitRate: '128', estimateContentLength: 'true' }, { signal: abort.signal });
    expect(streamed.headers.get('content-length')).toBe(String(Math.ceil((128 * long.durationMs) / 8)));
    abort.abort();
    await streamed.arrayBuffer().catch(() => undefined);
  });

  it('answers a failed media request in XML as text/xml (DSub tells errors by it); other calls application/xml, JSON application/json', async () => {
    const unknown = { id: '00000000-0000-4000-8000-000000000000' };
    for (const method of ['stream', 'stream.view', 'download', 'getCoverArt', 'hls.m3u8', 'hls']) {
      const res = await fx.raw(method, fx.tokenParams('listener', unknown));
      expect({ method, type: res.headers.get('content-type') }).toEqual({ method, type: 'text/xml; charset=utf-8' });
      const xml = await res.text();
      expect(xml).toMatch(/<subsonic-response [^>]*status="failed"[^>]*><error code="70"/);
      expectValidXml(xml);
    }
    const badSignIn = await fx.raw('stream', { ...fx.tokenParams('listener', unknown), t: '0'.repeat(32) });
    expect(badSignIn.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await badSignIn.text()).toContain('<error code="40"');
    const notMedia = await fx.raw('getSong', fx.tokenParams('listener', unknown));
    expect(notMedia.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    await notMedia.text();
    const json = await fx.raw('stream', fx.tokenParams('listener', { ...unknown, f: 'json' }));
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await json.json())['subsonic-response'].error.code).toBe(70);
  });

  it('answers error 70 for an unknown or malformed id and error 10 without one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-song']) {
      const res = await fx.as.listener.token.stream({ id });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 70 } });
    }
    const missing = await fx.as.listener.token.custom('stream', {});
    expect((await missing.json())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
  });
});

describeWithFfmpeg('Subsonic stream on a server without ffmpeg', () => {
  let t: TestApp;
  let dir: string;
  let rest: (params: Record<string, string>) => Promise<{ statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }>;

  beforeAll(async () => {
    dir = await makeMusicDir();
    await makeTrack(dir, 'plain.flac', { format: 'flac', tags: { title: 'Plain Flac', artist: 'Nobody' } });
    await makeTrack(dir, 'apple.m4a', { format: 'alac', frequency: 600, tags: { title: 'Stuck Alac', artist: 'Nobody' } });
    t = await createScanApp(dir, { ffmpegAvailable: () => false });
    await scanNow(t);
    const user = await createUser(t);
    const password = 'app-password-no-ffmpeg';
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/subsonic/password',
      headers: user.headers,
      payload: { password, currentPassword: user.password },
    });
    expect(put.statusCode).toBe(200);
    const auth = { u: user.user.username, p: password, v: '1.16.1', c: 'wavelength-tests', f: 'json' };
    rest = (params) => t.app.inject({ method: 'GET', url: `/rest/stream?${new URLSearchParams({ ...auth, ...params })}` });
  }, 120_000);
  afterAll(async () => t?.close());

  const idOf = async (title: string) => (await t.app.db.select().from(songs).where(eq(songs.title, title)))[0];

  it('answers a format it cannot make with error 0, never another format; a bitrate limit alone gets the original file', async () => {
    const song = await idOf('Plain Flac');
    const refused = await rest({ id: song.id, format: 'mp3', maxBitRate: '32' });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.rawPayload.toString())['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: 0, message: NO_FFMPEG_FOR_FORMAT },
    });
    const res = await rest({ id: song.id, maxBitRate: '32' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(await readFile(song.filePath!))).toBe(true);
  });

  it('answers error 0 with the scan’s reason for an ALAC song it cannot play, never broken bytes', async () => {
    const song = await idOf('Stuck Alac');
    expect(song.playable).toBe(false);
    const cases: Record<string, string>[] = [{ id: song.id }, { id: song.id, format: 'mp3' }];
    for (const params of cases) {
      const res = await rest(params);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.rawPayload.toString())['subsonic-response']).toMatchObject({
        status: 'failed',
        error: { code: 0, message: song.unplayableReason },
      });
    }
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
