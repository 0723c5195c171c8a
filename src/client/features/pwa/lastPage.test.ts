import { LAST_PAGE_KEY, pageToRestore, restoreLastPage } from './lastPage';
import { isRestorable } from './useRememberLastPage';

describe('pageToRestore', () => {
  it('reopens the installed app on the last page when it starts at "/"', () => {
    expect(pageToRestore('/', true, '/radio')).toBe('/radio');
    expect(pageToRestore('/', true, '/albums/7?sort=year')).toBe('/albums/7?sort=year');
  });

  it('leaves a browser tab, or any other address the app was opened at, alone', () => {
    expect(pageToRestore('/', false, '/radio')).toBeNull();
    expect(pageToRestore('/search', true, '/radio')).toBeNull();
    expect(pageToRestore('/?q=1', true, '/radio')).toBeNull();
  });

  it('opens "/" when nothing (or no path of this site) was kept', () => {
    for (const saved of [null, '', '/', '//evil.example/x', 'https://evil.example/', 'radio']) expect(pageToRestore('/', true, saved)).toBeNull();
  });
});

describe('isRestorable (what useRememberLastPage keeps)', () => {
  it('takes in-app paths, with their query', () => {
    for (const path of ['/radio', '/music-box', '/playlists/3', '/search?q=velvet', '/kept', '/settings', '/authors', '/songs'])
      expect(isRestorable(path)).toBe(true);
  });

  it('skips "/", sign-in, share pages and the server’s paths', () => {
    for (const path of ['/', '/auth/login', '/auth/reset-password?token=x', '/s/abc', '/api/health', '/rest/ping.view', '//evil.example/x'])
      expect(isRestorable(path)).toBe(false);
  });
});

describe('restoreLastPage', () => {
  const standalone = (matches: boolean) => {
    window.matchMedia = jest.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
  };
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('moves "/" to the kept page in standalone display mode', () => {
    standalone(true);
    localStorage.setItem(LAST_PAGE_KEY, '/radio');
    restoreLastPage();
    expect(window.location.pathname).toBe('/radio');
    expect(window.matchMedia).toHaveBeenCalledWith('(display-mode: standalone)');
  });

  it('stays on "/" in a browser tab', () => {
    standalone(false);
    localStorage.setItem(LAST_PAGE_KEY, '/radio');
    restoreLastPage();
    expect(window.location.pathname).toBe('/');
  });
});
