import type { ScanResult } from '../../../contract/library';
import type { Database } from '../../db/open';
import { LibraryScanService, type StartAnswer } from '../../library/scan/scanService';
import { CliError, type CliContext, type CliCommand, type CliTarget } from '../command';
import { cliConfig } from '../config';
import { parseCommandArgs } from '../parseArgs';
import { quietLogger } from '../quietLogger';
import { reportScan } from '../scanReport';

/** How often the scan is asked whether it has finished, and how often its progress is said (stderr). */
const POLL_MS = 500;
const PROGRESS_EVERY_MS = 10_000;

interface ScanStatus {
  running: boolean;
  progress: { filesSeen: number; tagsRead: number } | null;
  lastResult: ScanResult | null;
}

/** Waits for the scan to finish, saying every 10 s how far it is, and reports its outcome. */
async function waitForScan(status: () => Promise<ScanStatus>, context: CliContext): Promise<number> {
  let said = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await status();
    if (!now.running) return reportScan(now.lastResult, context.output);
    if (now.progress && Date.now() - said >= PROGRESS_EVERY_MS) {
      said = Date.now();
      context.output.err(`wavelength: scanning: ${now.progress.filesSeen} files seen, ${now.progress.tagsRead} read`);
    }
  }
}

/** With the running server: its own scanner (app.library), the same as the web app's Scan button. */
async function scanOnServer(target: Extract<CliTarget, { kind: 'server' }>, wait: boolean, context: CliContext): Promise<number> {
  const { answer } = (await target.call('scan.start', {})) as { answer: StartAnswer };
  if (answer === 'unconfigured') throw new CliError('MUSIC_DIR is not set on the server: there is nothing to scan');
  if (answer === 'running') context.output.err('wavelength: a scan is running already: its outcome follows');
  if (!wait) {
    context.output.out('scan started on the server; its progress shows in Settings');
    return 0;
  }
  return waitForScan(async () => (await target.call('scan.status', {})) as ScanStatus, context);
}

/** Without a server (or on PostgreSQL): the scanner runs in this process, on the database opened here. */
async function scanHere(database: Database, wait: boolean, context: CliContext): Promise<number> {
  const { musicDirs } = cliConfig(context.env);
  if (!musicDirs.length) throw new CliError('MUSIC_DIR is not set: there is nothing to scan');
  const service = new LibraryScanService({ database, roots: musicDirs, log: quietLogger, now: Date.now });
  const answer = await service.start();
  if (answer === 'running') throw new CliError('a server sharing this database is scanning already; its outcome shows in Settings');
  if (!wait) context.output.err('wavelength: no server holds the database: the scan runs here, and the command waits for it');
  return waitForScan(async () => service.status(), context);
}

export const scan: CliCommand = {
  name: 'scan',
  summary: 'Scan MUSIC_DIR for new, changed and removed songs, and print the outcome',
  usage: 'scan [--no-wait]',
  async run(context) {
    const { values } = parseCommandArgs(context.args, { options: { 'no-wait': { type: 'boolean' } } });
    const wait = values['no-wait'] !== true;
    return context.withTarget((target) => (target.kind === 'server' ? scanOnServer(target, wait, context) : scanHere(target.database, wait, context)));
  },
};
