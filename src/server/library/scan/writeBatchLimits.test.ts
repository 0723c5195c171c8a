import { count } from 'drizzle-orm';
import { artists, songs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/testApp';
import { cleanTrackTags, LIST_MAX } from './cleanTags';
import type { TrackTags } from './types';
import { writeTracks, type TrackWrite } from './writeBatch';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const TAGS: TrackTags = cleanTrackTags(
  {
    title: 'x',
    artist: 'x',
    artists: [],
    album: 'Crowded',
    albumArtist: 'Crowd',
    trackNumber: null,
    discNumber: null,
    year: null,
    genres: [],
    compilation: false,
    mbzTrackId: null,
    mbzAlbumId: null,
    mbzArtistId: null,
    rgTrackGain: null,
    rgTrackPeak: null,
    rgAlbumGain: null,
    rgAlbumPeak: null,
    durationMs: 1000,
    bitRate: null,
    sampleRate: null,
    codec: 'flac',
    container: 'FLAC',
    lyrics: null,
    pictureHash: null,
  },
  'x',
);

describe('a full scan batch of songs with the most artists the cleaner keeps', () => {
  it('writes 500 songs of 50 different artists each (25,000 artists: past 65,535 parameters in one statement)', async () => {
    const batch: TrackWrite[] = Array.from({ length: 500 }, (_, i) => ({
      track: {
        file: { path: `/music/${i}.flac`, root: '/music', relPath: `${i}.flac`, size: 1000, mtimeMs: 1 },
        tags: { ...TAGS, title: `Song ${i}`, artist: `Lead ${i}`, artists: Array.from({ length: LIST_MAX }, (_, j) => `Artist ${i}-${j}`) },
      },
      playability: { codec: 'flac', mimeType: 'audio/flac', playable: true, unplayableReason: null },
    }));
    await writeTracks(t.app.db, batch);
    expect((await t.app.db.select({ n: count() }).from(songs))[0].n).toBe(500);
    expect((await t.app.db.select({ n: count() }).from(artists))[0].n).toBe(500 * LIST_MAX + 1);
  }, 120_000);
});
