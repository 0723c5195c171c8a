import type { Config } from '../config';

/** What every feature module receives when app.ts registers it. */
export interface ModuleOptions {
  config: Config;
  /** the clock (ms since the epoch); tests pass a fake one */
  now: () => number;
  /** whether ffmpeg runs here (default: looked up once); tests force false */
  ffmpegAvailable?: () => boolean;
}
