/**
 * @jest-environment node
 */
import { keptAudioKey } from './cacheNames';
import { byteRange, respondFromKept, songIdOfKey, songIdOfStreamUrl } from './keptAudio';

const bytes = Uint8Array.from({ length: 100 }, (_, i) => i);
const fakeCache = (entries: Record<string, Response>): Pick<Cache, 'match'> => ({
  match: async (key) => entries[String(key)]?.clone(),
});
const cache = fakeCache({ [keptAudioKey('s1')]: new Response(bytes, { headers: { 'Content-Type': 'audio/mpeg' } }) });
const ask = (url: string, range?: string) => new Request(`https://music.example${url}`, range ? { headers: { Range: range } } : {});
const body = async (response: Response | null) => Array.from(new Uint8Array(await response!.arrayBuffer()));

it('reads the song of a stream URL whatever its query, and of a cache key', () => {
  expect(songIdOfStreamUrl('https://music.example/api/songs/stream/abc?format=mp3&st=x')).toBe('abc');
  expect(songIdOfStreamUrl('/api/songs/stream/abc')).toBe('abc');
  expect(songIdOfStreamUrl('/api/songs/stream/abc/more')).toBeNull();
  expect(songIdOfStreamUrl('/api/songs/abc')).toBeNull();
  expect(songIdOfKey(`https://music.example${keptAudioKey('a b')}`)).toBe('a b');
});

it('answers the whole kept file with 200 when no range is asked', async () => {
  const response = await respondFromKept(ask('/api/songs/stream/s1?st=token'), cache);
  expect(response!.status).toBe(200);
  expect(response!.headers.get('Content-Type')).toBe('audio/mpeg');
  expect(response!.headers.get('Content-Length')).toBe('100');
  expect(response!.headers.get('Accept-Ranges')).toBe('bytes');
  expect(await body(response)).toEqual(Array.from(bytes));
});

it('answers bytes=a-b, a- and -n with 206 and the right Content-Range', async () => {
  const cases: [string, number, number][] = [
    ['bytes=10-19', 10, 19],
    ['bytes=90-', 90, 99],
    ['bytes=0-', 0, 99],
    ['bytes=-5', 95, 99],
    ['bytes=95-500', 95, 99],
    ['bytes=-500', 0, 99],
  ];
  for (const [range, start, end] of cases) {
    const response = await respondFromKept(ask('/api/songs/stream/s1', range), cache);
    expect(response!.status).toBe(206);
    expect(response!.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/100`);
    expect(response!.headers.get('Content-Length')).toBe(String(end - start + 1));
    expect(await body(response)).toEqual(Array.from(bytes.slice(start, end + 1)));
  }
});

it('answers 416 with the size for a range it cannot satisfy', async () => {
  for (const range of ['bytes=100-', 'bytes=150-200', 'bytes=20-10', 'bytes=-0']) {
    const response = await respondFromKept(ask('/api/songs/stream/s1', range), cache);
    expect(response!.status).toBe(416);
    expect(response!.headers.get('Content-Range')).toBe('bytes */100');
  }
});

it('answers a range header it does not handle (several ranges, another unit) with the whole file', async () => {
  expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
  expect(byteRange('items=0-1', 100)).toBeNull();
  expect((await respondFromKept(ask('/api/songs/stream/s1', 'bytes=0-1,5-6'), cache))!.status).toBe(200);
});

it('is null for a song not kept and for anything but a stream, so the network answers', async () => {
  expect(await respondFromKept(ask('/api/songs/stream/other'), cache)).toBeNull();
  expect(await respondFromKept(ask('/api/songs/s1'), cache)).toBeNull();
});
