import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAppPasswordCipher } from '../modules/subsonic/auth/appPasswordCipher';
import { queryRows, type Executor } from './sqlRows';

/** The server's secret as the server finds it (JWT_SECRET, else DATA_DIR/jwt-secret), without making one. */
export function readServerSecret(env: NodeJS.ProcessEnv): string | null {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(env.DATA_DIR || './data', 'jwt-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** How many stored Subsonic app passwords decrypt under the secret (they are AES-GCM under a key derived from it). */
export async function countDecryptableAppPasswords(executor: Executor, secret: string): Promise<{ total: number; decrypted: number }> {
  const cipher = createAppPasswordCipher(secret);
  const rows = await queryRows<{ ciphertext: string }>(executor, 'select ciphertext from subsonic_app_passwords');
  return { total: rows.length, decrypted: rows.filter((r) => cipher.decrypt(r.ciphertext) !== null).length };
}

/** A postgres:// URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}
