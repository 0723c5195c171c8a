import { isDatabaseUnavailable } from '../../db/unavailable';
import { errorChain } from '../../lib/errorChain';

/**
 * What an admin is told when the database refuses a scan's write (issue 27, item 6): the reason in
 * words. The driver's message carries the SQL and every parameter (tags, absolute paths); it goes to
 * the server log only.
 */

/** A failure of the scan, with the phase it happened in ("writing songs"); the cause is what is logged. */
export class ScanStageError extends Error {
  constructor(
    readonly stage: string,
    cause: unknown,
  ) {
    super(`library scan failed while ${stage}`, { cause });
  }
}

/** The SQLSTATE of a database error, through drizzle's DrizzleQueryError { cause }. */
function sqlState(error: unknown): string | null {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return null;
}

const REASONS: Record<string, string> = {
  '22001': 'a value too long',
  '22003': 'a number out of range',
  '22021': 'a character the database does not store',
  '22P05': 'a character the database does not store',
  '22P02': 'a value of the wrong kind',
  '23505': 'it clashes with another song',
  '42501': 'permission denied',
  '53100': "the database's disk is full",
  '54000': 'a value too long to index',
};
const CLASS_REASONS: Record<string, string> = {
  '22': 'a value it does not take',
  '23': "a rule of the library's tables",
  '53': 'the database ran out of resources',
  '54': 'more values than it takes at once',
};

/** The reason a database error gives, in words; null when the error does not come from the database. */
export function databaseReason(error: unknown): string | null {
  const code = sqlState(error);
  if (!code) return null;
  return REASONS[code] ?? CLASS_REASONS[code.slice(0, 2)] ?? `database error ${code}`;
}

/**
 * Whether the database refused the values written (a data exception, a constraint, a limit such as an
 * index row's size), or JavaScript refused to build the statement: one file's tags can cause those,
 * so its batch is written again file by file. Anything else (the database gone, a bug) stops the scan.
 */
export function isRefusedValue(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return false;
  const code = sqlState(error);
  return code === null ? error instanceof RangeError || error instanceof TypeError : ['22', '23', '54'].includes(code.slice(0, 2));
}

/** Why one file's write was refused, for the skipped list. */
export function refusedFileReason(error: unknown): string {
  const reason = databaseReason(error);
  return reason ? `the database refused its tags (${reason})` : 'its tags could not be written';
}

/** The sentence an admin sees for a scan that stopped; the details are in the server log. */
export function describeScanFailure(error: unknown): string {
  const stage = error instanceof ScanStageError ? error.stage : 'scanning';
  const cause = error instanceof ScanStageError ? error.cause : error;
  if (isDatabaseUnavailable(cause)) return `the database could not be reached while ${stage}; scan again once it is back`;
  const reason = databaseReason(cause);
  if (reason) return `the database refused a change while ${stage} (${reason}); the server log has the details`;
  const fsCode = (cause as NodeJS.ErrnoException | null)?.code;
  if (typeof fsCode === 'string' && /^E[A-Z]+$/.test(fsCode))
    return `a file or folder could not be used while ${stage} (${fsCode}); the server log has the details`;
  return `the scan stopped on an unexpected error while ${stage}; the server log has the details`;
}
