import { NOW_PLAYING_TTL_MS, NowPlayingTable } from './nowPlaying';

describe('NowPlayingTable', () => {
  const since = new Date('2026-01-01T12:00:00Z');
  const later = (ms: number) => new Date(since.getTime() + ms);

  it("keeps each user's latest report, and nothing for a user who sent none", () => {
    const table = new NowPlayingTable();
    table.set('u1', { songId: 'a', since, client: 'app' });
    table.set('u1', { songId: 'b', since, client: 'app' });
    expect(table.of('u1', later(1000))).toEqual({ songId: 'b', since, client: 'app' });
    expect(table.of('u2', later(1000))).toBeNull();
  });

  it('forgets a report older than the TTL', () => {
    const table = new NowPlayingTable();
    table.set('u1', { songId: 'a', since, client: 'app' });
    expect(table.of('u1', later(NOW_PLAYING_TTL_MS))?.songId).toBe('a');
    expect(table.of('u1', later(NOW_PLAYING_TTL_MS + 1))).toBeNull();
    expect(table.of('u1', later(0))).toBeNull();
  });

  it('keeps two tables apart (two apps in one process)', () => {
    const one = new NowPlayingTable();
    const two = new NowPlayingTable();
    one.set('u1', { songId: 'a', since, client: 'app' });
    expect(two.of('u1', since)).toBeNull();
  });
});
