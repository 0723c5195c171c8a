import type { ServerReachability } from './serverReachability';
import type { AudioService } from './audio/AudioService';
import type { SessionService } from './session/SessionService';
import type { TabSync } from './session/TabSync';
import type { KeyValueStore } from './storage';
import type { TokenStore } from './tokenStore';
import type { UploadService } from './uploadService';

/**
 * Everything non-serializable the app talks to. Sagas get it through saga context
 * (getContext('services')), RTK Query base queries through the thunk extra argument.
 */
export interface Services {
  tokenStore: TokenStore;
  session: SessionService;
  /** the session news between this browser's tabs */
  tabSync: TabSync;
  audio: AudioService;
  /** opens a websocket (tests pass a fake) */
  openSocket: (url: string) => WebSocket;
  now: () => number;
  /** this browser's preferences storage */
  storage: KeyValueStore;
  /** where /api lives, '' for the same origin */
  apiOrigin: string;
  /** admin uploads with progress (XMLHttpRequest; tests pass a fake) */
  upload: UploadService;
  /** whether the server answered the last request (the offline notice) */
  reachability: ServerReachability;
}
