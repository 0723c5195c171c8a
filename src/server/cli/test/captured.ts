import type { CliContext } from '../command';
import { runCli } from '../runCli';

export interface CapturedRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs the command line in this process with its output captured: `stdin` is what is piped to it,
 * `withTarget` a target of the test's choosing (by default chosen from env, as the real one does).
 */
export async function runCaptured(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; withTarget?: CliContext['withTarget'] } = {},
): Promise<CapturedRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env: options.env ?? {},
    output: { out: (text) => out.push(text), err: (text) => err.push(text) },
    readStdin: async () => options.stdin ?? '',
    withTarget: options.withTarget,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
