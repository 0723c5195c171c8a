import { ConfigError, loadConfig, type Config } from '../config';
import { CliError } from './command';

/** The server's configuration (DATABASE_URL, DATA_DIR, MUSIC_DIR…), read the same way; a wrong value is one line. */
export function cliConfig(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}
