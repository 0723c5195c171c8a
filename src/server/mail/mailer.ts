import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type Delivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<Delivery>;
  close(): void;
}

type Nodemailer = typeof nodemailer;

/**
 * A nodemailer transport made on the first mail rather than at start-up: the package (about
 * 10 MB resident) is loaded only by a server that sends mail (docs/decisions/footprint.md).
 */
function lazyTransport<T extends { close(): void }>(make: (mailer: Nodemailer) => T): { get(): Promise<T>; close(): void } {
  let transport: Promise<T> | null = null;
  return {
    get: () => (transport ??= import('nodemailer').then(({ default: mailer }) => make(mailer))),
    close: () => void transport?.then((t) => t.close()),
  };
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written as an .eml file
 * into DATA_DIR/outbox (nothing to configure, and the mail can still be read and its link used).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
    return {
      kind: 'smtp',
      async send(message) {
        const info = await (await transport.get()).sendMail({ from: options.from, ...message });
        return { via: 'smtp', messageId: info.messageId };
      },
      close: transport.close,
    };
  }
  const transport = lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport.get()).sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { via: 'outbox', file };
    },
    close: transport.close,
  };
}
