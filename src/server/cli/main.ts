import { CliError } from './command';
import { runCli } from './runCli';

/** The password piped in; a terminal would echo it, so one is refused. */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('--password-stdin reads a piped password, e.g. printf %s "$PASSWORD" | wavelength …', 2);
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

// The admin command line (docs/cli.md, docs/product.md §10): `node dist/server/cli.js <command>`.
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  output: { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) },
  readStdin,
});
process.exit(code);
