import { createHash, type Hash } from 'node:crypto';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type BackupSummary,
  type SequenceValue,
  type TableEnd,
  type TableStart,
} from './format';
import { readGzipLines } from './lineFile';

/** Rows handed on at a time: one multi-row insert each, bounded in rows and in characters. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 2_000_000;

export interface BackupHandlers {
  /** the header, already checked for format and version */
  header?(header: BackupHeader): Promise<void> | void;
  table?(table: TableStart): Promise<void> | void;
  rows?(table: TableStart, lines: string[]): Promise<void> | void;
  sequences?(sequences: SequenceValue[]): Promise<void> | void;
}

function parseLine(file: string, line: string, number: number): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BackupError(`${file} is damaged: line ${number} is not JSON`);
  }
}

export function checkHeader(file: string, value: Record<string, unknown>): BackupHeader {
  if (value.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Wavelength backup (its first line names no ${BACKUP_FORMAT} format)`);
  if (value.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${file} is in backup format version ${String(value.version)}; this build of Wavelength reads version ${BACKUP_FORMAT_VERSION}`);
  }
  return value as unknown as BackupHeader;
}

/**
 * Reads a backup from start to end, handing each part to its handler in order, and checks as it
 * goes: each table's row count and SHA-256 against its closing line, and the trailer at the end (a
 * file cut short fails, having handed on only what came before).
 */
export async function readBackup(file: string, handlers: BackupHandlers = {}): Promise<BackupSummary> {
  let header: BackupHeader | undefined;
  let table: { start: TableStart; hash: Hash; rows: number; batch: string[]; chars: number } | null = null;
  const tables: TableEnd[] = [];
  let sequences: SequenceValue[] = [];
  let ended = false;
  let number = 0;
  const flush = async () => {
    if (table?.batch.length) await handlers.rows?.(table.start, table.batch);
    if (table) [table.batch, table.chars] = [[], 0];
  };
  for await (const line of readGzipLines(file)) {
    number += 1;
    if (ended) throw new BackupError(`${file} is damaged: text after its end (line ${number})`);
    if (table && line.startsWith('[')) {
      table.hash.update(`${line}\n`);
      table.rows += 1;
      table.batch.push(line);
      table.chars += line.length;
      if (table.batch.length >= BATCH_ROWS || table.chars >= BATCH_CHARS) await flush();
      continue;
    }
    const value = parseLine(file, line, number);
    if (!header) {
      header = checkHeader(file, value);
      await handlers.header?.(header);
    } else if (typeof value.table === 'string' && !table) {
      table = { start: value as unknown as TableStart, hash: createHash('sha256'), rows: 0, batch: [], chars: 0 };
      await handlers.table?.(table.start);
    } else if (table && value.end === table.start.table) {
      await flush();
      const end = value as unknown as TableEnd;
      if (end.rows !== table.rows || end.sha256 !== table.hash.digest('hex')) {
        throw new BackupError(`${file} is damaged: table ${end.end} holds other rows than were written (${table.rows} read, ${end.rows} written)`);
      }
      tables.push(end);
      table = null;
    } else if (!table && Array.isArray(value.sequences)) {
      sequences = value.sequences as SequenceValue[];
      await handlers.sequences?.(sequences);
    } else if (!table && value.end === 'backup') {
      ended = true;
    } else {
      throw new BackupError(`${file} is damaged: line ${number} is out of place`);
    }
  }
  if (!header) throw new BackupError(`${file} is empty: it is not a Wavelength backup`);
  if (!ended) throw new BackupError(`${file} is cut short: it ends before the backup's end (copy it again)`);
  return { header, tables, sequences };
}

/** The header alone: format, version and migration level, read before anything is touched. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readGzipLines(file)) return checkHeader(file, parseLine(file, line, 1));
  throw new BackupError(`${file} is empty: it is not a Wavelength backup`);
}
