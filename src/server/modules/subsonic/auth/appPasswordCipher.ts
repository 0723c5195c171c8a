import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Token sign-in (t = md5(password + s)) needs the app password itself, so it is kept encrypted,
 * never hashed: AES-256-GCM under a key derived from the server's secret (JWT_SECRET or the one
 * kept in DATA_DIR). A changed secret makes stored app passwords unreadable; they then count as
 * unset and Settings asks for a new one (docs/decisions/subsonic.md).
 */
export interface AppPasswordCipher {
  encrypt(password: string): string;
  /** null when the text was made under another secret, or is damaged */
  decrypt(ciphertext: string): string | null;
}

const VERSION = 'v1';

export function createAppPasswordCipher(serverSecret: string): AppPasswordCipher {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'wavelength', 'subsonic app password v1', 32));
  return {
    encrypt(password) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    decrypt(ciphertext) {
      const [version, iv, tag, body] = ciphertext.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
