import { AdminError } from '../lib/adminError';
import { CliError, type CliCommand, type CliContext, type CliOutput } from './command';
import { COMMANDS } from './commands';
import { createWithTarget } from './withTarget';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  output: CliOutput;
  readStdin(): Promise<string>;
  /** where the work runs; by default chosen from env (withTarget.ts) */
  withTarget?: CliContext['withTarget'];
  commands?: readonly CliCommand[];
}

const HELP = new Set(['--help', '-h', 'help']);

function usage(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: wavelength <command> [options]   (npm run admin -- <command>)',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options of a command: wavelength <command> --help. More in docs/cli.md.',
  ].join('\n');
}

/** The command named by the first two words, else the first one. */
function findCommand(commands: readonly CliCommand[], argv: string[]): CliCommand | undefined {
  const two = argv.slice(0, 2).join(' ');
  return commands.find((c) => c.name === two) ?? commands.find((c) => c.name === argv[0]);
}

/** Unknown or incomplete command: one line, the usage that applies, exit code 2. */
function unknownCommand(commands: readonly CliCommand[], argv: string[], output: CliOutput): number {
  const group = commands.filter((c) => c.name.startsWith(`${argv[0]} `));
  if (group.length && HELP.has(argv[1] ?? '')) {
    output.out(usage(group));
    return 0;
  }
  if (group.length && (argv.length < 2 || argv[1].startsWith('-'))) output.err(`wavelength: "${argv[0]}" needs a command`);
  else output.err(`wavelength: unknown command "${group.length ? argv.slice(0, 2).join(' ') : argv[0]}"`);
  output.err(usage(group.length ? group : commands));
  return 2;
}

/** Runs the command line (docs/cli.md) and answers its exit code: 0 done, 1 refused or failed, 2 usage. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const commands = io.commands ?? COMMANDS;
  const { output } = io;
  if (argv.length === 0 || HELP.has(argv[0])) {
    if (argv.length) output.out(usage(commands));
    else output.err(usage(commands));
    return argv.length ? 0 : 2;
  }
  const command = findCommand(commands, argv);
  if (!command) return unknownCommand(commands, argv, output);
  const args = argv.slice(command.name.split(' ').length);
  if (args.some((a) => a === '--help' || a === '-h')) {
    output.out(`usage: wavelength ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  const withTarget = io.withTarget ?? createWithTarget(io.env, output);
  try {
    return await command.run({ args, env: io.env, output, readStdin: io.readStdin, withTarget });
  } catch (error) {
    const known = error instanceof CliError || error instanceof AdminError;
    output.err(`wavelength: ${known ? error.message : `${command.name} failed: ${(error as Error).message}`}`);
    if (error instanceof CliError && error.exitCode === 2) output.err(`usage: wavelength ${command.usage}`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
