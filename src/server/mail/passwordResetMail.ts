import type { MailMessage } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail with the single-use, one-hour link to /auth/reset-password?token=... */
export function passwordResetMail(input: { to: string; username: string; link: string }): MailMessage {
  const text = [
    `Hello ${input.username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Wavelength account.',
    'Open this link to choose a new password. It works once, within one hour:',
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.username)},</p>
<p>Someone (hopefully you) asked to reset the password of your Wavelength account.
Open this link to choose a new password. It works once, within one hour:</p>
<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return { to: input.to, subject: 'Reset your Wavelength password', text, html };
}

/** The reset link inside a raw mail (quoted-printable soft breaks undone). */
export function findResetLink(raw: string): string | null {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  return decoded.match(/https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0] ?? null;
}
