import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { createGuardedHistory } from './guardedHistory';

function setup(entries = ['/', '/settings']) {
  const guarded = createGuardedHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }));
  const seen: string[] = [];
  guarded.history.listen((update) => seen.push(`${update.action} ${update.location.pathname}`));
  const asked: (() => void)[] = [];
  return { ...guarded, seen, asked, hold: () => guarded.block((proceed) => asked.push(proceed)) };
}

describe('createGuardedHistory', () => {
  it('passes navigations straight through while nothing blocks', () => {
    const { history, seen } = setup();
    history.push('/search');
    history.replace('/liked');
    expect(seen).toEqual(['PUSH /search', 'REPLACE /liked']);
  });

  it('holds a push to another page until the blocker proceeds', () => {
    const { history, seen, asked, hold } = setup();
    hold();
    history.push('/search');
    expect(history.location.pathname).toBe('/settings');
    expect(seen).toEqual([]);
    asked[0]();
    expect(seen).toEqual(['PUSH /search']);
  });

  it('lets a change within the same page through (a new query string)', () => {
    const { history, seen, asked, hold } = setup();
    hold();
    history.replace('/settings?section=privacy');
    expect(asked).toHaveLength(0);
    expect(seen).toEqual(['REPLACE /settings']);
  });

  it('undoes a Back at once and redoes it when the user proceeds', () => {
    const { history, seen, asked, hold } = setup();
    hold();
    history.go(-1);
    expect(history.location.pathname).toBe('/settings');
    expect(seen).toEqual([]);
    expect(asked).toHaveLength(1);
    asked[0]();
    expect(history.location.pathname).toBe('/');
    expect(seen).toEqual(['POP /']);
  });

  it('stops holding once released', () => {
    const { history, seen, hold } = setup();
    const release = hold();
    release();
    history.push('/search');
    expect(seen).toEqual(['PUSH /search']);
  });
});
