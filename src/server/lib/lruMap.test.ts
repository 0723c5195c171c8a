import { LruMap } from './lruMap';

describe('LruMap', () => {
  it('forgets the least recently set entry once it holds more than max', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2).set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('b')).toBe(2);
    expect(lru.get('c')).toBe(3);
  });

  it('counts a read as a use, so the entry read last stays', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('replaces the value of a key set again without growing, and makes it the newest', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBe(10);
    expect(lru.get('b')).toBeUndefined();
  });

  it('deletes an entry, which frees its place', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('u', 0).set('x', 1);
    expect(lru.delete('x')).toBe(true);
    expect(lru.delete('x')).toBe(false);
    expect(lru.size).toBe(1);
    expect(lru.get('x')).toBeUndefined();
    lru.set('y', 2);
    expect(lru.get('u')).toBe(0);
    expect(lru.get('y')).toBe(2);
  });

  it('refuses a max below 1', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(1.5)).toThrow(RangeError);
  });
});
