/**
 * The backup file (docs/backup.md): gzip'd JSON lines. A header, then per table a line naming it and
 * its columns, its rows as JSON arrays of PostgreSQL's text form of each value (null for NULL), and
 * a line closing it with its row count and the SHA-256 of its row lines; then the sequences, then a
 * trailer, so a cut file is told from a whole one.
 */
export const BACKUP_FORMAT = 'wavelength-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface MigrationLevel {
  /** rows of drizzle.__drizzle_migrations */
  count: number;
  /** hash of the newest one (SHA-256 of its SQL file) */
  lastHash: string | null;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  app: string;
  engine: 'pglite' | 'pg';
  created: string;
  migrations: MigrationLevel;
}

export interface ColumnInfo {
  name: string;
  /** format_type(): what the text form is cast back to */
  type: string;
}

export interface TableStart {
  table: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

export interface TableEnd {
  end: string;
  rows: number;
  sha256: string;
}

export interface SequenceValue {
  name: string;
  /** bigint as text */
  value: string;
  called: boolean;
}

export interface Trailer {
  end: 'backup';
  tables: number;
}

/** What a backup holds, table by table, as written or as read back. */
export interface BackupSummary {
  header: BackupHeader;
  tables: TableEnd[];
  sequences: SequenceValue[];
}

/** A problem with a backup file or a target the user can fix: its message is shown as it is. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
