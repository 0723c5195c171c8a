import type { MailMessage } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** After a password reset: the Subsonic app password and API keys were revoked with the old password. */
export function appAccessRevokedMail(input: { to: string; username: string; appPassword: boolean; apiKeys: number }): MailMessage {
  const what = [input.appPassword ? 'your app password' : null, input.apiKeys > 0 ? `${input.apiKeys} API key${input.apiKeys === 1 ? '' : 's'}` : null]
    .filter(Boolean)
    .join(' and ');
  const lines = [
    `Hello ${input.username},`,
    '',
    `The password of your Wavelength account was reset, and ${what} for Subsonic apps ${input.appPassword && input.apiKeys > 0 ? 'were' : input.apiKeys > 1 ? 'were' : 'was'} revoked with it.`,
    'Apps that signed in with them stop working until you set a new app password or make new keys in Settings › Subsonic apps.',
    '',
    'If you did not reset your password, reset it again now: someone else may know it.',
  ];
  const html = lines
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  return { to: input.to, subject: 'Your Wavelength app access was revoked', text: lines.join('\n'), html };
}
