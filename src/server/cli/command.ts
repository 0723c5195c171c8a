import type { Database } from '../db/database';

/** What a command prints: `out` is its answer (stdout), `err` its diagnostics (stderr); each call ends its own line. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Where a command's work runs: a database the command opened itself (PostgreSQL, or the embedded
 * database when no server holds it), or the running server that holds the embedded database,
 * reached over its control socket (an operation by name, answered as JSON).
 */
export type CliTarget =
  | { kind: 'database'; database: Database }
  | { kind: 'server'; call(operation: string, params: Record<string, unknown>): Promise<unknown> };

export interface CliContext {
  /** the arguments after the command's name */
  args: string[];
  env: NodeJS.ProcessEnv;
  output: CliOutput;
  /** the text piped to the command (passwords given with --password-stdin) */
  readStdin(): Promise<string>;
  /** Opens the target for the configured database (migrated), runs use, then closes it. */
  withTarget<T>(use: (target: CliTarget) => Promise<T>): Promise<T>;
}

export interface CliCommand {
  /** one or two words: `scan`, `users create` */
  name: string;
  summary: string;
  usage: string;
  /** answers the exit code */
  run(context: CliContext): Promise<number>;
}

/** A failure the user can fix: printed as one line `wavelength: <message>`, exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
