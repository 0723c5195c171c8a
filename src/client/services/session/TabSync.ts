/** What one tab tells the other tabs of the same browser about the session (never the token itself). */
export type TabSessionEvent = 'signedIn' | 'signedOut';

/** The session news between the tabs of one browser (issue: every tab follows sign-out and sign-in). */
export interface TabSync {
  /** tells the other tabs; this tab does not hear its own announcement */
  announce(event: TabSessionEvent): void;
  /** calls `listener` for each announcement of another tab; returns the unsubscribe */
  subscribe(listener: (event: TabSessionEvent) => void): () => void;
}
