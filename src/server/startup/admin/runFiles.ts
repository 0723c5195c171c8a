import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a server holding the embedded database says it runs (docs/product.md §10): DATA_DIR/run,
 * readable by the server's OS user only, with server.json (who) and admin.sock (the control socket).
 */
export function runPaths(dataDir: string) {
  const dir = path.join(dataDir, 'run');
  return { dir, serverFile: path.join(dir, 'server.json'), socketPath: path.join(dir, 'admin.sock') };
}

/** A unix socket's path must fit sun_path (108 bytes on Linux, 104 on macOS); node cuts a longer one short silently. */
export function socketPathFits(socketPath: string): boolean {
  return Buffer.byteLength(socketPath) < 104;
}

export interface ServerRecord {
  pid: number;
  socket: string;
  /** ISO time */
  started: string;
}

/** The server's record, or null when there is none or it cannot be read as one. */
export function readServerRecord(serverFile: string): ServerRecord | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(serverFile, 'utf8'));
  } catch {
    return null;
  }
  const record = parsed as Partial<ServerRecord>;
  if (typeof record?.pid !== 'number' || typeof record.socket !== 'string') return null;
  return { pid: record.pid, socket: record.socket, started: String(record.started ?? '') };
}
