import { NOW_PLAYING_APPS_PER_USER, NOW_PLAYING_TTL_MS, NowPlayingTable } from './nowPlaying';

describe('NowPlayingTable', () => {
  const since = new Date('2026-01-01T12:00:00Z');
  const later = (ms: number) => new Date(since.getTime() + ms);

  it("keeps each app's latest report, for every user, the latest first", () => {
    const table = new NowPlayingTable();
    table.set('u1', { songId: 'a', since, client: 'phone' });
    table.set('u1', { songId: 'b', since: later(10), client: 'phone' });
    table.set('u1', { songId: 'c', since: later(20), client: 'desktop' });
    table.set('u2', { songId: 'd', since: later(5), client: 'phone' });
    expect(table.playing(later(1000)).map((e) => [e.userId, e.client, e.songId])).toEqual([
      ['u1', 'desktop', 'c'],
      ['u1', 'phone', 'b'],
      ['u2', 'phone', 'd'],
    ]);
  });

  it('forgets a report older than the TTL', () => {
    const table = new NowPlayingTable();
    table.set('u1', { songId: 'a', since, client: 'app' });
    expect(table.playing(later(NOW_PLAYING_TTL_MS)).map((e) => e.songId)).toEqual(['a']);
    expect(table.playing(later(NOW_PLAYING_TTL_MS + 1))).toEqual([]);
    expect(table.playing(later(0))).toEqual([]);
  });

  it('keeps at most a few apps per user, dropping the oldest', () => {
    const table = new NowPlayingTable();
    for (let i = 0; i < 50; i += 1) table.set('u1', { songId: `s${i}`, since: later(i), client: `app${i}` });
    const entries = table.playing(later(100));
    expect(entries.length).toBe(NOW_PLAYING_APPS_PER_USER);
    expect(entries[0].songId).toBe('s49');
  });

  it('keeps two tables apart (two apps in one process)', () => {
    const one = new NowPlayingTable();
    const two = new NowPlayingTable();
    one.set('u1', { songId: 'a', since, client: 'app' });
    expect(two.playing(since)).toEqual([]);
  });
});
