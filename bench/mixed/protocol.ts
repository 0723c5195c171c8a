/** What the part (load.ts) and the load process (worker.ts) say to each other over IPC. */
import type { Summary } from '../lib/stats';
import type { LoadSummary } from './client';

export interface WorkerConfig {
  baseUrl: string;
  /** one simulated user each, signing in with these */
  users: { username: string; password: string }[];
  durationMs: number;
  seed: number;
  searchTerms: string[];
  likeSongIds: string[];
  streamSongs: { id: string; sizeBytes: number }[];
  /** extra radio sockets (one access token each) opened before the users start and kept open */
  listenerTokens: string[];
  /** skips sent by an admin at these ms after the start; each socket's TRACK_CHANGE is timed */
  skips?: { adminToken: string; atMs: number[] };
}

export interface SkipRound {
  sentAtMs: number;
  sockets: number;
  /** sockets with no TRACK_CHANGE within 10 s (counted as errors too) */
  missing: number;
  firstMs: number;
  lastMs: number;
  skipStatus: number;
}

export interface WorkerResult {
  users: number;
  signedIn: number;
  /** the sign-ins before the measured window: POST /api/auth/login times, how long all took, their errors */
  signIn: Summary & { seconds: number; errors: number; errorKinds: Record<string, { count: number; samples: string[] }> };
  load: LoadSummary;
  /** per socket and skip: ms from sending POST /api/radio/skip to that socket's TRACK_CHANGE */
  skipDelivery: Summary | null;
  skipRounds: SkipRound[];
  /** radio sockets open and ready when the run ended */
  socketsAtEnd: number;
}

export type ToWorker = { cmd: 'run'; config: WorkerConfig } | { cmd: 'stop' };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'started'; listeners: number }
  | { type: 'done'; result: WorkerResult }
  | { type: 'failed'; error: string };
