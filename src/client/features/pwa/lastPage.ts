/** Where the installed app was last (an in-app path with its query), kept in this browser. */
export const LAST_PAGE_KEY = 'wavelength.lastPage';

/**
 * The page the app opens on: the installed app starts at the manifest's start_url ("/"), so there
 * it goes back to the last page kept (useRememberLastPage keeps only pages worth reopening); a tab,
 * or any other address, opens where it was asked to. Small on purpose: it runs in the entry chunk.
 */
export function pageToRestore(current: string, standalone: boolean, saved: string | null): string | null {
  return standalone && current === '/' && saved && saved[0] === '/' && saved[1] !== '/' && saved !== '/' ? saved : null;
}

/** Before the router starts: replaces "/" with the last page when launched as the installed app. */
export function restoreLastPage(): void {
  try {
    const target = pageToRestore(location.pathname + location.search, matchMedia('(display-mode: standalone)').matches, localStorage.getItem(LAST_PAGE_KEY));
    if (target) history.replaceState(null, '', target);
  } catch {
    // storage blocked: open on "/"
  }
}
