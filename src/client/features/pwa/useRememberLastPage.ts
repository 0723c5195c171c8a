import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LAST_PAGE_KEY } from './lastPage';

/** Pages worth reopening: the signed-in app's, not sign-in, share pages or the server's own paths. */
export function isRestorable(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && path !== '/' && !/^\/(auth|s|api|rest)(\/|\?|$)/.test(path);
}

/** Keeps the signed-in page the user is on, for the installed app's next start (lastPage.ts). */
export function useRememberLastPage(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = pathname + search;
    try {
      if (isRestorable(path)) localStorage.setItem(LAST_PAGE_KEY, path);
      else if (path === '/') localStorage.removeItem(LAST_PAGE_KEY);
    } catch {
      // storage blocked: the app opens on "/"
    }
  }, [pathname, search]);
}
