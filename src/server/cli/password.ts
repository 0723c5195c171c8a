import { randomBytes } from 'node:crypto';
import type { CliContext } from './command';

export interface ChosenPassword {
  password: string;
  /** made here: the command prints it once */
  generated: boolean;
}

/**
 * The password piped to the command with --password-stdin (its one trailing newline dropped, as
 * `echo` adds one), else a random one (16 characters) the command prints once. Never an argument:
 * arguments show in `ps` and in the shell's history.
 */
export async function choosePassword(context: CliContext, fromStdin: boolean): Promise<ChosenPassword> {
  if (!fromStdin) return { password: randomBytes(12).toString('base64url'), generated: true };
  const text = await context.readStdin();
  return { password: text.replace(/\r?\n$/, ''), generated: false };
}
