import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret the server must read back (a Subsonic app password, a ListenBrainz token, a Last.fm
 * session key), kept encrypted: AES-256-GCM under a key derived from the server's secret (JWT_SECRET
 * or the one kept in DATA_DIR) for one purpose, so one purpose's key never opens another's. A changed
 * server secret makes what was stored unreadable: decrypt answers null.
 */
export interface SecretCipher {
  encrypt(plain: string): string;
  /** null when the text was made under another secret or purpose, or is damaged */
  decrypt(ciphertext: string): string | null;
}

const VERSION = 'v1';

export function createSecretCipher(serverSecret: string, purpose: string): SecretCipher {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'wavelength', purpose, 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
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
