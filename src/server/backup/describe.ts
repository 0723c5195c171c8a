import type { BackupSummary } from './format';

/** "12 tables, 4,210 rows, migration level 9" */
export function describeContents(summary: BackupSummary): string {
  const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  return `${summary.tables.length} tables, ${rows.toLocaleString('en')} rows, migration level ${summary.header.migrations.count}`;
}

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}
