import { parseArgs } from 'node:util';
import { CliError } from './command';

export interface ArgSpec {
  /** the required positional arguments, by name, in order */
  positionals?: readonly string[];
  /** --name value (string) or --flag (boolean) */
  options?: Record<string, { type: 'string' | 'boolean' }>;
}

export interface ParsedArgs {
  positionals: Record<string, string>;
  values: Record<string, string | boolean | undefined>;
}

/** A command's arguments; an unknown option, a missing or an extra argument is a usage error (exit 2). */
export function parseCommandArgs(args: string[], spec: ArgSpec): ParsedArgs {
  const names = spec.positionals ?? [];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: spec.options ?? {}, allowPositionals: true, strict: true });
  } catch (error) {
    // node's messages end with advice on '--' that does not apply here
    throw new CliError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''), 2);
  }
  if (parsed.positionals.length < names.length) throw new CliError(`missing argument <${names[parsed.positionals.length]}>`, 2);
  if (parsed.positionals.length > names.length) throw new CliError(`unexpected argument "${parsed.positionals[names.length]}"`, 2);
  return {
    positionals: Object.fromEntries(names.map((name, i) => [name, parsed.positionals[i]])),
    values: parsed.values as ParsedArgs['values'],
  };
}
