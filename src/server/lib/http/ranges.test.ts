import { etagMatches, fileEtag, notModifiedSince, parseRange } from './ranges';

describe('parseRange', () => {
  it('reads single ranges, clipping the end to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-200', 1000)).toEqual({ start: 800, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('calls a range that starts past the end unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve as a range: the whole file goes out', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=9-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
  });
});

describe('validators', () => {
  it('compares ETags weakly in If-None-Match, and dates by the second', () => {
    const etag = fileEtag(1000, 1_700_000_000_500);
    expect(etagMatches(`"a", ${etag}`, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"a"', etag)).toBe(false);
    const modified = new Date(1_700_000_000_500).toUTCString();
    expect(notModifiedSince(modified, 1_700_000_000_500)).toBe(true);
    expect(notModifiedSince(new Date(1_699_999_999_000).toUTCString(), 1_700_000_000_500)).toBe(false);
    expect(notModifiedSince('garbage', 1_700_000_000_500)).toBe(false);
  });
});
