import { createSecretCipher, type SecretCipher } from '../../../lib/secretCipher';

/**
 * Token sign-in (t = md5(password + s)) needs the app password itself, so it is kept encrypted,
 * never hashed: AES-256-GCM under a key derived from the server's secret (JWT_SECRET or the one
 * kept in DATA_DIR). A changed secret makes stored app passwords unreadable; they then count as
 * unset and Settings asks for a new one (docs/decisions/subsonic.md).
 */
export type AppPasswordCipher = SecretCipher;

export function createAppPasswordCipher(serverSecret: string): AppPasswordCipher {
  return createSecretCipher(serverSecret, 'subsonic app password v1');
}
