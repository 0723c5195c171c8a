import { AddressFailures } from './addressFailures';

describe('failed Subsonic sign-ins per address', () => {
  it('blocks an address at its budget until the window has passed, and only that address', () => {
    const failures = new AddressFailures(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(failures.blocked('10.0.0.1', 1000 + i)).toBe(false);
      failures.record('10.0.0.1', 1000 + i);
    }
    expect(failures.blocked('10.0.0.1', 2000)).toBe(true);
    expect(failures.blocked('10.0.0.2', 2000)).toBe(false);
    // the first failure (at 1000) leaves the window at 61000
    expect(failures.blocked('10.0.0.1', 60_999)).toBe(true);
    expect(failures.blocked('10.0.0.1', 61_000)).toBe(false);
  });

  it('follows at most maxAddresses addresses, forgetting the oldest', () => {
    const failures = new AddressFailures(1, 60_000, 2);
    failures.record('a', 1);
    failures.record('b', 2);
    failures.record('c', 3);
    expect(failures.blocked('a', 4)).toBe(false);
    expect(failures.blocked('b', 4)).toBe(true);
    expect(failures.blocked('c', 4)).toBe(true);
  });
});
