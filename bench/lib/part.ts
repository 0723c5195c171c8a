import type { PartResult } from './report';

/** What every part gets from the runner. */
export interface BenchContext {
  /** a fresh production build of the client (built once per run, into bench/out/client) */
  clientDir(): Promise<string>;
  /** PostgreSQL server URL when DATABASE_URL is set: parts that touch the database also run there */
  databaseUrl?: string;
  /** write CPU profiles of the server under test into bench/out/profiles */
  profile: boolean;
  log(message: string): void;
}

export type PartOutcome = Omit<PartResult, 'part' | 'title' | 'seconds'>;

export interface Part {
  name: string;
  title: string;
  /** the runner stops waiting for a part after this long and records it as not run */
  limitSeconds: number;
  run(ctx: BenchContext): Promise<PartOutcome>;
}
