/** Renews the access token. One refresh at a time: concurrent callers share the call under way. */
export interface SessionService {
  /** the new token, or null when the session could not be renewed (the caller signs out) */
  refresh(): Promise<string | null>;
}
